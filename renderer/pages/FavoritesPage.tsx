import '../styles/catalog.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFavorites } from '../features/favorites/useFavorites';
import { MarketSource, latestUpdate } from '../features/market/MarketSource';
import { useMarketUpdates } from '../features/market/useMarketUpdates';
import { useNow } from '../features/market/useNow';
import type { TokenListItem } from '../features/tokens/api';
import { sortTokens } from '../features/tokens/arrangeTokens';
import { useTokenList } from '../features/tokens/hooks';
import { useSorting, useTokenListState } from '../features/tokens/tokenListState';
import { TokenTable } from '../features/tokens/TokenTable';
import { LoadedData } from './parts/LoadedData';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { NoticePanel } from './parts/NoticePanel';
import { PageHeading } from './parts/PageHeading';

function FavoriteTokens({ tokens }: { tokens: TokenListItem[] }) {
  const { i18n } = useTranslation();
  const favorites = useFavorites();
  const [state, setState] = useTokenListState();
  const now = useNow();
  const shown = useMemo(
    () =>
      sortTokens(
        tokens.filter((token) => favorites.ids.includes(token.id)),
        state.sort,
        state.direction,
        i18n.language,
      ),
    [tokens, favorites.ids, state.sort, state.direction, i18n.language],
  );
  const sorting = useSorting(state, setState);
  return (
    <>
      <MarketSource
        updatedAt={latestUpdate(shown.map((token) => token.market?.updatedAt))}
        now={now}
      />
      <TokenTable
        tokens={shown}
        sorting={sorting}
        favoriteIds={favorites.ids}
        onToggle={favorites.toggle}
      />
    </>
  );
}

export default function FavoritesPage() {
  const { t } = useTranslation(['tokens', 'common']);
  useMarketUpdates();
  const favorites = useFavorites();
  const tokens = useTokenList();
  return (
    <article className="page catalog-page">
      <PageHeading page="favorites" />
      <p className="favorites-note">
        {favorites.storedIn === 'account' ? t('favoritesPage.synced') : t('favoritesPage.onDevice')}
      </p>
      {favorites.loading ? (
        <p className="data-loading" role="status">
          {t('common:data.loading')}
        </p>
      ) : favorites.ids.length === 0 ? (
        <NoticePanel
          message={t('favoritesPage.empty')}
          hint={t('favoritesPage.emptyHint')}
          illustrated
        >
          <Link to="/tokens" className="button-link button-link--primary">
            {t('favoritesPage.browse')}
          </Link>
        </NoticePanel>
      ) : (
        <>
          <NotAdviceNotice />
          <LoadedData query={tokens}>{(list) => <FavoriteTokens tokens={list} />}</LoadedData>
        </>
      )}
    </article>
  );
}
