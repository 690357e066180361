import { useTranslation } from 'react-i18next';
import { ChangeValue } from '../market/ChangeValue';
import { formatAmountCompact, formatDate, formatPrice, formatUsdCompact } from '../market/format';
import { MarketSource } from '../market/MarketSource';
import { Sparkline } from '../market/Sparkline';
import type { MarketFigures } from './api';

/** A sheet's market block: the figures the provider gives, a 7-day chart, their time and source. */
export function MarketPanel({
  market,
  symbol,
  now,
}: {
  market: MarketFigures | null;
  symbol: string;
  now: number;
}) {
  const { t, i18n } = useTranslation('tokens');
  const language = i18n.language;
  const price = (value: number | null) => (value === null ? '—' : formatPrice(value, language));
  const compact = (value: number | null) =>
    value === null ? '—' : formatUsdCompact(value, language);
  const prices = market?.sparkline ?? [];
  return (
    <section className="content-section market-panel" aria-labelledby="market-title">
      <h2 id="market-title">{t('market.title')}</h2>
      {market !== null && (
        <>
          <dl className="market-figures">
            <div>
              <dt>{t('market.price')}</dt>
              <dd className="market-figures__price">{price(market.price)}</dd>
            </div>
            <div>
              <dt>{t('market.change24h')}</dt>
              <dd>
                <ChangeValue value={market.change24h} language={language} />
              </dd>
            </div>
            <div>
              <dt>{t('market.change7d')}</dt>
              <dd>
                <ChangeValue value={market.change7d} language={language} />
              </dd>
            </div>
            <div>
              <dt>{t('market.marketCap')}</dt>
              <dd>{compact(market.marketCap)}</dd>
            </div>
            <div>
              <dt>{t('market.volume24h')}</dt>
              <dd>{compact(market.volume24h)}</dd>
            </div>
            <div>
              <dt>{t('market.circulatingSupply')}</dt>
              <dd>
                {market.circulatingSupply === null
                  ? '—'
                  : `${formatAmountCompact(market.circulatingSupply, language)} ${symbol}`}
              </dd>
            </div>
            {market.ath !== null && (
              <div>
                <dt>{t('market.ath')}</dt>
                <dd>
                  {market.athDate === null
                    ? price(market.ath)
                    : t('market.athOn', {
                        price: price(market.ath),
                        date: formatDate(market.athDate, language),
                      })}
                </dd>
              </div>
            )}
          </dl>
          {prices.length > 1 && (
            <figure className="market-chart">
              <figcaption>{t('market.chart')}</figcaption>
              <Sparkline
                prices={prices}
                width={600}
                height={160}
                className="sparkline market-chart__line"
                label={t('sparkline', {
                  from: price(prices[0] ?? null),
                  to: price(prices.at(-1) ?? null),
                })}
              />
              <p className="market-chart__range">
                {t('market.chartRange', {
                  low: price(Math.min(...prices)),
                  high: price(Math.max(...prices)),
                })}
              </p>
            </figure>
          )}
        </>
      )}
      {/* Without figures, the source says they are not available yet. */}
      <MarketSource updatedAt={market?.updatedAt ?? null} now={now} />
    </section>
  );
}
