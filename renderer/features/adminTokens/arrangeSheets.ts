import { foldForSearch } from '../search/matchesQuery';
import type { SheetSummary } from './api';
import type { SheetSortKey, SortDirection } from './sheetListState';

/** How many sheets a page of the list shows. */
export const SHEETS_PER_PAGE = 25;

/** The sheets whose name, symbol or id contains the query (accents, case and spaces ignored). */
export function searchSheets(sheets: readonly SheetSummary[], query: string): SheetSummary[] {
  const needle = foldForSearch(query).trim();
  if (needle === '') return [...sheets];
  return sheets.filter((sheet) =>
    [sheet.name, sheet.symbol, sheet.id].some((text) => foldForSearch(text).includes(needle)),
  );
}

const value = (sheet: SheetSummary, key: SheetSortKey): number | string | null => {
  switch (key) {
    case 'rank':
      return sheet.rank;
    case 'name':
      return sheet.name;
    case 'symbol':
      return sheet.symbol;
    case 'id':
      return sheet.id;
    case 'lastReviewed':
      return sheet.lastReviewed;
    case 'texts':
      return sheet.textsWritten;
  }
};

/**
 * The sheets sorted by a column in a direction. A missing rank or review date goes last in
 * both directions; ties keep the rank order, then the id.
 */
export function sortSheets(
  sheets: readonly SheetSummary[],
  key: SheetSortKey,
  direction: SortDirection,
  language: string,
): SheetSummary[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byRank = (a: SheetSummary, b: SheetSummary) =>
    (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
    a.id.localeCompare(b.id);
  return [...sheets].sort((a, b) => {
    const left = value(a, key);
    const right = value(b, key);
    if (left === null || right === null) {
      if (left === right) return byRank(a, b);
      return left === null ? 1 : -1;
    }
    const order =
      typeof left === 'string' && typeof right === 'string'
        ? left.localeCompare(right, language, { sensitivity: 'base' })
        : Number(left) - Number(right);
    return order === 0 ? byRank(a, b) : sign * order;
  });
}

/** One page of the rows; a page past the end shows the last one. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  perPage = SHEETS_PER_PAGE,
): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  const shown = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((shown - 1) * perPage, shown * perPage), page: shown, pageCount };
}
