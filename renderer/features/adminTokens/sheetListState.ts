import { useMemo } from 'react';
import { useUrlState } from '../../app/useUrlState';

export const SHEET_SORT_KEYS = ['rank', 'name', 'symbol', 'id', 'lastReviewed', 'texts'] as const;
export type SheetSortKey = (typeof SHEET_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** The longest search kept: longer than any name, symbol or id. */
export const MAX_SHEET_QUERY_LENGTH = 100;

/** The direction a column starts in: ranks and names upwards, the least reviewed first. */
export const DEFAULT_DIRECTION: Record<SheetSortKey, SortDirection> = {
  rank: 'asc',
  name: 'asc',
  symbol: 'asc',
  id: 'asc',
  lastReviewed: 'asc',
  texts: 'asc',
};

export interface SheetListState {
  query: string;
  sort: SheetSortKey;
  direction: SortDirection;
  /** From 1. */
  page: number;
}

const isSortKey = (value: unknown): value is SheetSortKey =>
  typeof value === 'string' && (SHEET_SORT_KEYS as readonly string[]).includes(value);

/** The list's state as the URL holds it (`?q=eth&sort=name&dir=desc&page=2`). */
export function readSheetListState(params: URLSearchParams): SheetListState {
  const rawSort = params.get('sort');
  const sort = isSortKey(rawSort) ? rawSort : 'rank';
  const rawDirection = params.get('dir');
  const rawPage = params.get('page') ?? '';
  return {
    query: (params.get('q') ?? '').slice(0, MAX_SHEET_QUERY_LENGTH),
    sort,
    direction:
      rawDirection === 'asc' || rawDirection === 'desc' ? rawDirection : DEFAULT_DIRECTION[sort],
    page: /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1,
  };
}

/** Defaults are left out, so the plain list is plain `/admin/tokens`. */
export function writeSheetListState(state: SheetListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query !== '') params.set('q', state.query);
  if (state.sort !== 'rank') params.set('sort', state.sort);
  if (state.direction !== DEFAULT_DIRECTION[state.sort]) params.set('dir', state.direction);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The list's search, sort and page, kept in the URL. */
export function useSheetListState(): [SheetListState, (change: Partial<SheetListState>) => void] {
  return useUrlState(readSheetListState, writeSheetListState, 'query');
}

/** What the column headers need to sort the list. */
export interface SheetSorting {
  sort: SheetSortKey;
  direction: SortDirection;
  onSort: (column: SheetSortKey) => void;
}

/** A click on the sorted column flips it; another column starts in its own direction, page 1. */
export function useSheetSorting(
  state: SheetListState,
  update: (change: Partial<SheetListState>) => void,
): SheetSorting {
  const { sort, direction } = state;
  return useMemo(
    () => ({
      sort,
      direction,
      onSort: (column: SheetSortKey) => {
        update(
          column === sort
            ? { direction: direction === 'asc' ? 'desc' : 'asc', page: 1 }
            : { sort: column, direction: DEFAULT_DIRECTION[column], page: 1 },
        );
      },
    }),
    [sort, direction, update],
  );
}
