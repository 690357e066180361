import { useTranslation } from 'react-i18next';
import { DELAYED_AFTER_MINUTES, isDelayed } from '../../../shared/market';
import { ExternalLink } from '../../platform/ExternalLink';
import { formatDateTime } from './format';

/** The market data provider's home page, which every attribution links to. */
export const PROVIDER_URL = 'https://www.coingecko.com/';

/**
 * Where the prices on screen come from and when they were refreshed; prices older than three
 * refresh intervals are flagged as delayed.
 */
export function MarketSource({ updatedAt, now }: { updatedAt: string | null; now: number }) {
  const { t, i18n } = useTranslation('tokens');
  return (
    <div className="market-source">
      {updatedAt === null ? (
        <p role="status">{t('market.missing')}</p>
      ) : (
        <>
          <p>{t('market.updatedAt', { time: formatDateTime(updatedAt, i18n.language) })}</p>
          {isDelayed(updatedAt, now) && (
            <p className="market-source__delayed" role="status">
              {t('market.delayed', { minutes: DELAYED_AFTER_MINUTES })}
            </p>
          )}
        </>
      )}
      <p>
        <ExternalLink href={PROVIDER_URL}>{t('market.attribution')}</ExternalLink>
      </p>
    </div>
  );
}

/** The most recent update time among some market rows, or null when none has figures. */
export function latestUpdate(times: readonly (string | undefined)[]): string | null {
  let latest: string | null = null;
  for (const time of times) {
    if (time !== undefined && (latest === null || time > latest)) latest = time;
  }
  return latest;
}
