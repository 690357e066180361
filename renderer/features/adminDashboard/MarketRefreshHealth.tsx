import { useTranslation } from 'react-i18next';
import { useDateFormats } from '../learning/useDateFormats';
import type { MarketStatus } from './api';
import { marketHealth } from './marketHealth';

/** Whether prices are fresh: the health in words, and the times and reason behind it. */
export function MarketRefreshHealth({ market }: { market: MarketStatus }) {
  const { t, i18n } = useTranslation('admin');
  const { moment } = useDateFormats();
  const health = marketHealth(market);
  const when = (value: string | null, fallback: string) =>
    value === null ? fallback : moment(value);
  return (
    <section className="admin-section" aria-labelledby="dashboard-market">
      <h2 id="dashboard-market" className="admin-section__title">
        {t('dashboard.market.title')}
      </h2>
      <p className={`admin-health admin-health--${health}`}>
        <strong>{t(`dashboard.market.health.${health}`)}</strong>{' '}
        {t(`dashboard.market.healthHint.${health}`)}
      </p>
      <dl className="admin-facts">
        <div>
          <dt>{t('dashboard.market.lastSuccess')}</dt>
          <dd>{when(market.last_success_at, t('dashboard.market.never'))}</dd>
        </div>
        <div>
          <dt>{t('dashboard.market.lastError')}</dt>
          <dd>
            {when(market.last_error_at, t('dashboard.market.none'))}
            {market.last_error !== null && (
              <>
                <br />
                {t('dashboard.market.reason', { reason: market.last_error })}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.market.nextRun')}</dt>
          <dd>{when(market.next_run_at, t('dashboard.market.none'))}</dd>
        </div>
        <div>
          <dt>{t('dashboard.market.providerCalls')}</dt>
          <dd>{new Intl.NumberFormat(i18n.language).format(market.provider_calls)}</dd>
        </div>
      </dl>
    </section>
  );
}
