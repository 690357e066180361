import { useMemo } from 'react';
import { useUrlState } from '../../app/useUrlState';

export const SORT_KEYS = ['rank', 'name', 'price', 'change24h', 'marketCap'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface TokenListState {
  query: string;
  sort: SortKey;
  direction: SortDirection;
  favoritesOnly: boolean;
}

/** The longest search kept: far more than any name or symbol. */
export const MAX_TOKEN_QUERY_LENGTH = 100;

/** The direction a column starts in: ranks and names read upwards, figures from the largest. */
export const DEFAULT_DIRECTION: Record<SortKey, SortDirection> = {
  rank: 'asc',
  name: 'asc',
  price: 'desc',
  change24h: 'desc',
  marketCap: 'desc',
};

const isSortKey = (value: unknown): value is SortKey =>
  typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value);

/** The list's state as the URL holds it (`?q=eth&sort=price&dir=desc&favorites=1`). */
export function readTokenListState(params: URLSearchParams): TokenListState {
  const rawSort = params.get('sort');
  const sort = isSortKey(rawSort) ? rawSort : 'rank';
  const rawDirection = params.get('dir');
  return {
    query: (params.get('q') ?? '').slice(0, MAX_TOKEN_QUERY_LENGTH),
    sort,
    direction:
      rawDirection === 'asc' || rawDirection === 'desc' ? rawDirection : DEFAULT_DIRECTION[sort],
    favoritesOnly: params.get('favorites') === '1',
  };
}

/** The URL parameters of a state; defaults are left out so the plain list is plain `/tokens`. */
export function writeTokenListState(state: TokenListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query !== '') params.set('q', state.query);
  if (state.sort !== 'rank') params.set('sort', state.sort);
  if (state.direction !== DEFAULT_DIRECTION[state.sort]) params.set('dir', state.direction);
  if (state.favoritesOnly) params.set('favorites', '1');
  return params;
}

/** The token list's search, sort, direction and favorites filter, kept in the URL. */
export function useTokenListState(): [TokenListState, (change: Partial<TokenListState>) => void] {
  return useUrlState(readTokenListState, writeTokenListState, 'query');
}

/** What the column headers need to sort the list. */
export interface Sorting {
  sort: SortKey;
  direction: SortDirection;
  onSort: (column: SortKey) => void;
}

/**
 * Sorting by the headers: a click on the sorted column flips its direction; another column
 * starts in its own natural direction.
 */
export function useSorting(
  state: TokenListState,
  update: (change: Partial<TokenListState>) => void,
): Sorting {
  const { sort, direction } = state;
  return useMemo(
    () => ({
      sort,
      direction,
      onSort: (column: SortKey) => {
        update(
          column === sort
            ? { direction: direction === 'asc' ? 'desc' : 'asc' }
            : { sort: column, direction: DEFAULT_DIRECTION[column] },
        );
      },
    }),
    [sort, direction, update],
  );
}
