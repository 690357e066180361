import { expect, it } from 'vitest';
import { describeOnEachDatabase } from './databases.ts';
import { userA } from './fixtures.ts';
import { seededStack } from './stack.ts';

// A small property test without a library: a seeded PRNG builds a few hundred random requests
// (operators, quotes, parentheses, SQL keywords, unicode) as anon and as a user. None may be
// answered 500, and the data must be exactly as before (nothing slipped through as SQL).

const SEED = 20261122;
const RUNS = 300;

/** mulberry32: tiny, deterministic, good enough to pick pieces. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pieces = {
  paths: [
    'tokens',
    'favorites',
    'profiles',
    'terms',
    'nope',
    'rpc/has_role',
    'rpc/nope',
    'token_market',
    'a/b',
  ],
  methods: ['GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
  keys: [
    'select',
    'order',
    'limit',
    'offset',
    'or',
    'and',
    'not.or',
    'id',
    'name',
    'rank',
    'nope',
    'token_translations.language',
    'related_slugs',
    'data->>a',
    '_role',
    '_user_id',
  ],
  ops: [
    'eq.',
    'neq.',
    'gt.',
    'in.',
    'is.',
    'cs.',
    'cd.',
    'like.',
    'ilike.',
    'fts(english).',
    'not.eq.',
    'not.in.',
    'zz.',
    '',
    'like(any).',
    'eq(all).',
  ],
  atoms: [
    '1',
    'null',
    'true',
    'x',
    '"a,b"',
    '(1,2)',
    '{a,b}',
    '{"k":1}',
    '*',
    '%',
    "'",
    '"',
    '\\',
    '(',
    ')',
    ',',
    '.',
    ':',
    '::text',
    '!inner',
    '->',
    'drop table tokens;--',
    "'; delete from tokens; --",
    'select pg_sleep(10)',
    'é',
    '😀',
    'Ω',
    '\u0000',
    ' ',
    '+',
    'id',
    'token_translations(language)',
    'and(',
    'or(',
  ],
};

describeOnEachDatabase('REST fuzz', ({ db }) => {
  const stack = seededStack(db);

  /** One md5 per public table over its rows' text, read by the owner. */
  async function fingerprint(): Promise<string> {
    const tables = await db().query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const sums: string[] = [];
    for (const { name } of tables.rows) {
      const result = await db().query<{ sum: string | null }>(
        `select md5(string_agg(t::text, '|' order by t::text)) as sum from public."${name}" t`,
      );
      sums.push(`${name}:${result.rows[0]?.sum ?? ''}`);
    }
    return sums.join(',');
  }

  it(`${RUNS} random requests: no 500, data unchanged`, async () => {
    const before = await fingerprint();
    const random = prng(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const value = (): string =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(pieces.atoms)).join('');
    const userToken = stack().userToken(userA);
    for (let run = 0; run < RUNS; run += 1) {
      const params = new URLSearchParams();
      for (let i = Math.floor(random() * 4); i > 0; i -= 1)
        params.append(pick(pieces.keys), pick(pieces.ops) + value());
      const method = pick(pieces.methods);
      const headers: Record<string, string> = {
        apikey: stack().anonKey,
        'Content-Type': 'application/json',
      };
      if (random() < 0.5) headers.Authorization = `Bearer ${userToken}`;
      if (random() < 0.2)
        headers.Prefer = 'return=representation, count=exact, resolution=merge-duplicates';
      if (random() < 0.1) headers.Accept = 'application/vnd.pgrst.object+json';
      const body = ['POST', 'PATCH'].includes(method)
        ? pick([
            JSON.stringify({ [value()]: value() }),
            JSON.stringify([{ id: value(), name: value() }]),
            value(),
            '[]',
            '{}',
          ])
        : undefined;
      const url = `${stack().url}/rest/v1/${pick(pieces.paths)}?${params.toString()}`;
      const response = await fetch(url, { method, headers, body });
      const text = await response.text();
      if (response.status >= 500)
        throw new Error(`${method} ${url} ${body ?? ''} → ${response.status} ${text}`);
      if (text !== '') expect(() => JSON.parse(text) as unknown).not.toThrow();
    }
    expect(await fingerprint()).toBe(before);
  });
});
