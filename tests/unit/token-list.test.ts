import { describe, expect, it } from 'vitest';
import type { TokenListItem } from '../../renderer/features/tokens/api';
import { searchable, searchTokens, sortTokens } from '../../renderer/features/tokens/arrangeTokens';
import {
  MAX_TOKEN_QUERY_LENGTH,
  readTokenListState,
  writeTokenListState,
} from '../../renderer/features/tokens/tokenListState';

const token = (
  id: string,
  name: string,
  symbol: string,
  rank: number | null,
  price: number | null,
  change24h: number | null = null,
  marketCap: number | null = null,
): TokenListItem => ({
  id,
  name,
  symbol,
  rank,
  iconUrl: null,
  market:
    price === null && change24h === null && marketCap === null
      ? null
      : {
          price,
          change24h,
          change7d: null,
          marketCap,
          volume24h: null,
          circulatingSupply: null,
          ath: null,
          athDate: null,
          sparkline: [],
          updatedAt: '2026-11-25T10:00:00Z',
        },
});

const tokens = [
  token('bitcoin', 'Bitcoin', 'BTC', 1, 65000, -1.2, 1.3e12),
  token('ethereum', 'Ethereum', 'ETH', 2, 3400, 2.5, 4.1e11),
  token('zcash', 'Zcash', 'ZEC', 90, 40, 7, 6e8),
  token('newcoin', 'Ærø Coin', 'AERO', null, null),
  token('tether', 'Tether', 'USDT', 3, 1, 0, 1.2e11),
];

const ids = (list: readonly TokenListItem[]) => list.map((entry) => entry.id);

describe('sortTokens', () => {
  it('sorts by each column both ways, missing figures last either way', () => {
    expect(ids(sortTokens(tokens, 'rank', 'asc', 'en'))).toEqual([
      'bitcoin',
      'ethereum',
      'tether',
      'zcash',
      'newcoin',
    ]);
    expect(ids(sortTokens(tokens, 'rank', 'desc', 'en'))).toEqual([
      'zcash',
      'tether',
      'ethereum',
      'bitcoin',
      'newcoin',
    ]);
    expect(ids(sortTokens(tokens, 'price', 'desc', 'en'))).toEqual([
      'bitcoin',
      'ethereum',
      'zcash',
      'tether',
      'newcoin',
    ]);
    expect(ids(sortTokens(tokens, 'price', 'asc', 'en')).at(-1)).toBe('newcoin');
    expect(ids(sortTokens(tokens, 'change24h', 'desc', 'en'))).toEqual([
      'zcash',
      'ethereum',
      'tether',
      'bitcoin',
      'newcoin',
    ]);
    expect(ids(sortTokens(tokens, 'marketCap', 'asc', 'en'))).toEqual([
      'zcash',
      'tether',
      'ethereum',
      'bitcoin',
      'newcoin',
    ]);
  });

  it('sorts names as the reader language does, accents included', () => {
    expect(ids(sortTokens(tokens, 'name', 'asc', 'fr'))).toEqual([
      'newcoin',
      'bitcoin',
      'ethereum',
      'tether',
      'zcash',
    ]);
    expect(ids(sortTokens(tokens, 'name', 'desc', 'fr'))[0]).toBe('zcash');
  });

  it('leaves the input untouched', () => {
    const before = ids(tokens);
    sortTokens(tokens, 'price', 'desc', 'en');
    expect(ids(tokens)).toEqual(before);
  });
});

describe('searchTokens', () => {
  const rows = searchable(tokens);
  it('finds by name or symbol, ignoring case and accents', () => {
    // Inside words too: "eth" is in "Tether".
    expect(ids(searchTokens(rows, 'eth'))).toEqual(['ethereum', 'tether']);
    expect(ids(searchTokens(rows, 'BTC'))).toEqual(['bitcoin']);
    expect(ids(searchTokens(rows, 'usdt'))).toEqual(['tether']);
    expect(ids(searchTokens(rows, 'aero'))).toEqual(['newcoin']);
    expect(ids(searchTokens(rows, '  '))).toHaveLength(tokens.length);
  });

  it('treats any input as plain text', () => {
    for (const query of ['(', '.*', '[', '\\', '%', '\u0000', 'é'.repeat(10_000)]) {
      expect(() => searchTokens(rows, query)).not.toThrow();
    }
  });
});

describe('the token list state in the URL', () => {
  it('leaves defaults out and reads back what it writes', () => {
    const plain = readTokenListState(new URLSearchParams());
    expect(plain).toEqual({ query: '', sort: 'rank', direction: 'asc', favoritesOnly: false });
    expect(writeTokenListState(plain).toString()).toBe('');
    const state = {
      query: 'eth',
      sort: 'price' as const,
      direction: 'asc' as const,
      favoritesOnly: true,
    };
    expect(writeTokenListState(state).toString()).toBe('q=eth&sort=price&dir=asc&favorites=1');
    expect(readTokenListState(writeTokenListState(state))).toEqual(state);
  });

  it('gives each column its natural direction and ignores nonsense', () => {
    expect(readTokenListState(new URLSearchParams('sort=marketCap')).direction).toBe('desc');
    const odd = readTokenListState(
      new URLSearchParams({
        sort: 'drop table',
        dir: 'sideways',
        favorites: 'yes',
        q: 'x'.repeat(500),
      }),
    );
    expect(odd).toMatchObject({ sort: 'rank', direction: 'asc', favoritesOnly: false });
    expect(odd.query).toHaveLength(MAX_TOKEN_QUERY_LENGTH);
  });
});
