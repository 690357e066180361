import { foldForSearch } from '../search/matchesQuery';
import type { TokenListItem } from './api';
import type { SortDirection, SortKey } from './tokenListState';

/** A list row with its name and symbol folded once, so a keystroke only compares strings. */
export interface SearchableToken {
  token: TokenListItem;
  folded: string;
}

export function searchable(tokens: readonly TokenListItem[]): SearchableToken[] {
  return tokens.map((token) => ({
    token,
    folded: `${foldForSearch(token.name)} ${foldForSearch(token.symbol)}`,
  }));
}

/** The rows whose name or symbol contains the query (accents, case and spaces ignored). */
export function searchTokens(rows: readonly SearchableToken[], query: string): TokenListItem[] {
  const needle = foldForSearch(query).trim();
  if (needle === '') return rows.map((row) => row.token);
  return rows.filter((row) => row.folded.includes(needle)).map((row) => row.token);
}

const value = (token: TokenListItem, key: SortKey): number | string | null => {
  switch (key) {
    case 'rank':
      return token.rank;
    case 'name':
      return token.name;
    case 'price':
      return token.market?.price ?? null;
    case 'change24h':
      return token.market?.change24h ?? null;
    case 'marketCap':
      return token.market?.marketCap ?? null;
  }
};

/**
 * The tokens sorted by a column in a direction. Missing figures go last in both directions, so
 * a coin without a price never tops a list sorted by price; ties keep the rank order.
 */
export function sortTokens(
  tokens: readonly TokenListItem[],
  key: SortKey,
  direction: SortDirection,
  language: string,
): TokenListItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byRank = (a: TokenListItem, b: TokenListItem) =>
    (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER);
  return [...tokens].sort((a, b) => {
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
