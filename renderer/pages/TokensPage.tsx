import '../styles/catalog.css';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchQuery } from '../app/useSearchQuery';
import { useFavorites } from '../features/favorites/useFavorites';
import { latestUpdate, MarketSource } from '../features/market/MarketSource';
import { useMarketUpdates } from '../features/market/useMarketUpdates';
import { useNow } from '../features/market/useNow';
import type { TokenListItem } from '../features/tokens/api';
import { searchable, searchTokens, sortTokens } from '../features/tokens/arrangeTokens';
import { useTokenList } from '../features/tokens/hooks';
import { MoreRows } from '../features/tokens/MoreRows';
import { TokenListControls } from '../features/tokens/TokenListControls';
import {
  MAX_TOKEN_QUERY_LENGTH,
  type TokenListState,
  useSorting,
  useTokenListState,
} from '../features/tokens/tokenListState';
import { TokenTable } from '../features/tokens/TokenTable';
import { useRevealedRows } from '../features/tokens/useRevealedRows';
import { LoadedData } from './parts/LoadedData';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { NoticePanel } from './parts/NoticePanel';
import { PageHeading } from './parts/PageHeading';
import { LiveSearchField } from './parts/LiveSearchField';

function TokenBrowser({ tokens }: { tokens: TokenListItem[] }) {
  const { t, i18n } = useTranslation(['tokens', 'common']);
  const [state, setState] = useTokenListState();
  const search = useSearchQuery(state.query, (query) => {
    setState({ query });
  });
  const { withPendingQuery } = search;
  const update = useCallback(
    (change: Partial<TokenListState>) => {
      setState(withPendingQuery(change));
    },
    [setState, withPendingQuery],
  );
  const favorites = useFavorites();
  const now = useNow();
  const rows = useMemo(() => searchable(tokens), [tokens]);
  const sorted = useMemo(
    () => sortTokens(tokens, state.sort, state.direction, i18n.language),
    [tokens, state.sort, state.direction, i18n.language],
  );
  const shown = useMemo(() => {
    const found = new Set(searchTokens(rows, search.query).map((token) => token.id));
    return sorted.filter(
      (token) => found.has(token.id) && (!state.favoritesOnly || favorites.ids.includes(token.id)),
    );
  }, [rows, search.query, sorted, state.favoritesOnly, favorites.ids]);
  const revealed = useRevealedRows(
    shown,
    [search.query, state.sort, state.direction, state.favoritesOnly].join('\n'),
  );
  const sorting = useSorting(state, update);
  const updatedAt = useMemo(
    () => latestUpdate(tokens.map((token) => token.market?.updatedAt)),
    [tokens],
  );
  return (
    <>
      <LiveSearchField
        key={search.revision}
        initialValue={search.query}
        onType={search.type}
        onBlur={search.flush}
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        maxLength={MAX_TOKEN_QUERY_LENGTH}
        count={t('resultCount', { count: shown.length })}
      />
      <TokenListControls state={state} onChange={update} />
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
          illustrated
        >
          <button
            type="button"
            className="button-link"
            onClick={() => {
              search.reset('');
              setState({ query: '', favoritesOnly: false });
            }}
          >
            {t('clearFilters')}
          </button>
        </NoticePanel>
      ) : (
        <>
          <TokenTable
            tokens={revealed.rows}
            sorting={sorting}
            favoriteIds={favorites.ids}
            onToggle={favorites.toggle}
          />
          <MoreRows
            shown={revealed.opened}
            inPage={revealed.rows.length}
            total={revealed.total}
            onMore={revealed.showMore}
            onAll={revealed.showAll}
          />
        </>
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
