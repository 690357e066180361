import '../../styles/catalog.css';
import QueryCache from '../../app/QueryCache';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FavoriteStar } from '../favorites/FavoriteStar';
import { useFavorites } from '../favorites/useFavorites';
import { useTopMarket } from '../tokens/hooks';
import { TokenIcon } from '../tokens/TokenIcon';
import { LoadedData } from '../../pages/parts/LoadedData';
import { ChangeValue } from './ChangeValue';
import { formatPrice } from './format';
import { latestUpdate, MarketSource } from './MarketSource';
import { useMarketUpdates } from './useMarketUpdates';
import { useNow } from './useNow';

const TOP_COUNT = 8;

/**
 * The home page's live market: the largest market capitalisations with their 24h change and
 * the time of the last update. Loaded after the first paint (HomePage), with supabase-js.
 */
function TopMarket({ totalTokens }: { totalTokens: number }) {
  const { t, i18n } = useTranslation(['home', 'tokens']);
  useMarketUpdates();
  const top = useTopMarket(TOP_COUNT);
  const favorites = useFavorites();
  const now = useNow();
  return (
    <LoadedData query={top}>
      {(tokens) => (
        <>
          <MarketSource
            updatedAt={latestUpdate(tokens.map((token) => token.market?.updatedAt))}
            now={now}
          />
          {tokens.length > 0 && (
            <ol className="market-widget__list">
              {tokens.map((token) => (
                <li key={token.id} className="market-widget__item">
                  <FavoriteStar
                    id={token.id}
                    name={token.name}
                    on={favorites.isFavorite(token.id)}
                    onToggle={favorites.toggle}
                  />
                  <Link to={`/tokens/${token.id}`} className="token-name">
                    <TokenIcon id={token.id} uploaded={token.iconUrl} size={24} />
                    <span className="token-name__text">{token.name}</span>
                    <span className="token-name__symbol">{token.symbol}</span>
                  </Link>
                  <span className="market-widget__price">
                    {token.market?.price == null
                      ? t('tokens:noPrice')
                      : formatPrice(token.market.price, i18n.language)}
                  </span>
                  <ChangeValue value={token.market?.change24h ?? null} language={i18n.language} />
                </li>
              ))}
            </ol>
          )}
          <p>
            <Link to="/tokens" className="text-link">
              {t('market.seeAll', { total: totalTokens })}
            </Link>
          </p>
        </>
      )}
    </LoadedData>
  );
}

/** The widget with the query cache it reads through (this chunk loads after the first paint). */
export default function MarketWidget({ totalTokens }: { totalTokens: number }) {
  return (
    <QueryCache>
      <TopMarket totalTokens={totalTokens} />
    </QueryCache>
  );
}
