import { describe, expect, it } from 'vitest';
import { CACHED_TABLES, readCacheKey } from '../../renderer/offline/cachedReads';

// What the offline service worker may keep (renderer/offline/serviceWorker.ts): public catalogue
// reads only, each copy filed under who asked.

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`;
const read = (authorization?: string) =>
  new Request('http://127.0.0.1:54321/rest/v1/terms?select=slug&order=slug.asc', {
    headers: authorization === undefined ? {} : { authorization },
  });

describe('offline reads', () => {
  it('keep the public catalogue, never a person’s own rows', () => {
    expect([...CACHED_TABLES].sort()).toEqual([
      'learning_modules',
      'market_refresh_status',
      'terms',
      'token_market',
      'tokens',
    ]);
    for (const personal of ['favorites', 'profiles', 'learning_progress', 'contact_messages']) {
      expect(CACHED_TABLES.has(personal)).toBe(false);
    }
  });

  it('file a visitor’s copy apart from a signed-in person’s, and each person’s apart', () => {
    const anonymous = readCacheKey(read(`Bearer ${token({ role: 'anon' })}`));
    expect(anonymous).toBe(
      'http://127.0.0.1:54321/rest/v1/terms?select=slug&order=slug.asc&_as=anon',
    );
    expect(readCacheKey(read())).toBe(anonymous);
    expect(readCacheKey(read('Bearer not-a-token'))).toBe(anonymous);
    const ada = readCacheKey(read(`Bearer ${token({ sub: 'ada', role: 'authenticated' })}`));
    const bob = readCacheKey(read(`Bearer ${token({ sub: 'bob', role: 'authenticated' })}`));
    expect(ada).toMatch(/&_as=ada$/);
    expect(new Set([anonymous, ada, bob]).size).toBe(3);
  });
});
