import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDateFormats } from '../learning/useDateFormats';
import type { Dashboard } from './api';

/** The provider's largest coins that have no sheet, each with a way to start its sheet. */
export function MissingCoins({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('admin');
  const { moment } = useDateFormats();
  const { missing_coins: coins, missing_coins_total: total } = dashboard;
  const refreshedAt = dashboard.market.top_coins_refreshed_at;
  return (
    <section className="admin-section" aria-labelledby="dashboard-missing">
      <h2 id="dashboard-missing" className="admin-section__title">
        {t('dashboard.missing.title')}
      </h2>
      {refreshedAt === null ? (
        <p>{t('dashboard.missing.notRead')}</p>
      ) : (
        <>
          <p>
            {t('dashboard.missing.intro', { total: dashboard.top_coins_total })}{' '}
            {t('dashboard.missing.refreshed', { date: moment(refreshedAt) })}
          </p>
          {total === 0 ? (
            <p>{t('dashboard.missing.empty')}</p>
          ) : (
            <div
              className="admin-table-wrap"
              role="region"
              aria-labelledby="dashboard-missing-caption"
              tabIndex={0}
            >
              <table className="admin-table">
                <caption id="dashboard-missing-caption">
                  {t('dashboard.missing.count', { count: total })}
                  {coins.length < total &&
                    ` ${t('dashboard.missing.shown', { shown: coins.length, total })}`}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.missing.rank')}</th>
                    <th scope="col">{t('dashboard.missing.name')}</th>
                    <th scope="col">{t('dashboard.missing.symbol')}</th>
                    <th scope="col">{t('dashboard.missing.id')}</th>
                    <th scope="col">{t('dashboard.missing.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {coins.map((coin) => (
                    <tr key={coin.id}>
                      <td>{coin.market_cap_rank}</td>
                      <th scope="row">{coin.name}</th>
                      <td>{coin.symbol}</td>
                      <td>
                        <code>{coin.id}</code>
                      </td>
                      <td>
                        <Link
                          className="text-link"
                          to={`/admin/tokens?new=1&id=${encodeURIComponent(coin.id)}`}
                          aria-label={t('dashboard.missing.createNamed', { name: coin.name })}
                        >
                          {t('dashboard.missing.create')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
