import '../styles/catalog.css';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavorites } from '../features/favorites/useFavorites';
import { latestUpdate, MarketSource } from '../features/market/MarketSource';
import { useMarketUpdates } from '../features/market/useMarketUpdates';
import { useNow } from '../features/market/useNow';
import type { TokenListItem } from '../features/tokens/api';
import { searchable, searchTokens, sortTokens } from '../features/tokens/arrangeTokens';
import { useTokenList } from '../features/tokens/hooks';
import { TokenListControls } from '../features/tokens/TokenListControls';
import {
  MAX_TOKEN_QUERY_LENGTH,
  useSorting,
  useTokenListState,
} from '../features/tokens/tokenListState';
import { TokenTable } from '../features/tokens/TokenTable';
import { LoadedData } from './parts/LoadedData';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { NoticePanel } from './parts/NoticePanel';
import { PageHeading } from './parts/PageHeading';
import { SearchField } from './parts/SearchField';

function TokenBrowser({ tokens }: { tokens: TokenListItem[] }) {
  const { t, i18n } = useTranslation(['tokens', 'common']);
  const [state, setState] = useTokenListState();
  const favorites = useFavorites();
  const now = useNow();
  // Typing stays responsive: the table follows the deferred query, in the background.
  const query = useDeferredValue(state.query);
  const rows = useMemo(() => searchable(tokens), [tokens]);
  const sorted = useMemo(
    () => sortTokens(tokens, state.sort, state.direction, i18n.language),
    [tokens, state.sort, state.direction, i18n.language],
  );
  const shown = useMemo(() => {
    const found = new Set(searchTokens(rows, query).map((token) => token.id));
    return sorted.filter(
      (token) => found.has(token.id) && (!state.favoritesOnly || favorites.ids.includes(token.id)),
    );
  }, [rows, query, sorted, state.favoritesOnly, favorites.ids]);
  const sorting = useSorting(state, setState);
  const updatedAt = useMemo(
    () => latestUpdate(tokens.map((token) => token.market?.updatedAt)),
    [tokens],
  );
  return (
    <>
      <SearchField
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={state.query}
        maxLength={MAX_TOKEN_QUERY_LENGTH}
        onChange={(value) => {
          setState({ query: value });
        }}
        count={t('resultCount', { count: shown.length })}
      />
      <TokenListControls state={state} onChange={setState} />
      <MarketSource updatedAt={updatedAt} now={now} />
      {shown.length === 0 ? (
        <NoticePanel
          message={
            state.favoritesOnly && favorites.ids.length === 0
              ? t('favoritesPage.empty')
              : state.favoritesOnly
                ? t('noFavoritesMatch')
                : t('common:messages.noResults')
          }
          hint={t('noResultsHint')}
        >
          <button
            type="button"
            className="button-link"
            onClick={() => {
              setState({ query: '', favoritesOnly: false });
            }}
          >
            {t('clearFilters')}
          </button>
        </NoticePanel>
      ) : (
        <TokenTable
          tokens={shown}
          sorting={sorting}
          isFavorite={favorites.isFavorite}
          onToggle={favorites.toggle}
        />
      )}
    </>
  );
}

export default function TokensPage() {
  useMarketUpdates();
  const tokens = useTokenList();
  return (
    <article className="page catalog-page">
      <PageHeading page="tokens" />
      <NotAdviceNotice />
      <LoadedData query={tokens}>{(list) => <TokenBrowser tokens={list} />}</LoadedData>
    </article>
  );
}
