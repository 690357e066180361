import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeOnEachDatabase } from './databases.ts';

import { seededStack, type TestStack } from './stack.ts';

// GET through the unmodified supabase-js client: every filter operator, logic trees, order,
// ranges and counts, singular responses and JSON formatting.

type Query = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

/** Tokens whose names stress the URL encoding; rank null for nulls ordering. */
async function seedTokens(stack: TestStack): Promise<void> {
  const { error } = await stack
    .client('service')
    .from('tokens')
    .insert([
      { id: 'plus', symbol: 'PLS', name: 'a b+c', rank: 3 },
      { id: 'comma', symbol: 'CMA', name: 'x,y', rank: 4 },
      { id: 'dot', symbol: 'DOT', name: 'v1.2', rank: null },
      { id: 'quote', symbol: 'QTE', name: 'say "hi" (now)', rank: 5 },
    ]);
  expect(error).toBeNull();
}

describeOnEachDatabase('REST reads', ({ db }) => {
  const stack = seededStack(db, { afterStart: seedTokens });

  const ids = async (query: Query): Promise<string[]> => {
    const { data, error } = await query;
    expect(error).toBeNull();
    return (data as unknown as { id: string }[]).map((row) => row.id).sort();
  };
  const tokens = (): Query => stack().client().from('tokens').select('id');

  const cases: [string, () => Query, string[]][] = [
    ['eq with + and space', () => tokens().eq('name', 'a b+c'), ['plus']],
    ['eq with quotes and parens', () => tokens().eq('name', 'say "hi" (now)'), ['quote']],
    ['neq', () => tokens().neq('symbol', 'BTC').lte('rank', 2), ['ethereum']],
    ['gt', () => tokens().gt('rank', 3), ['comma', 'quote']],
    ['gte', () => tokens().gte('rank', 3), ['comma', 'plus', 'quote']],
    ['lt', () => tokens().lt('rank', 2), ['bitcoin']],
    ['lte', () => tokens().lte('rank', 2), ['bitcoin', 'ethereum']],
    ['like with %', () => tokens().like('name', '%coin'), ['bitcoin']],
    ['like with *', () => tokens().like('name', '*ther*'), ['ethereum']],
    ['ilike', () => tokens().ilike('name', 'BIT%'), ['bitcoin']],
    ['is null', () => tokens().is('rank', null), ['dot']],
    ['not is null', () => tokens().not('rank', 'is', null).lt('rank', 3), ['bitcoin', 'ethereum']],
    ['in with a comma inside quotes', () => tokens().in('name', ['x,y', 'v1.2']), ['comma', 'dot']],
    ['not in', () => tokens().not('id', 'in', '(bitcoin,plus,comma,dot,quote)'), ['ethereum']],
    ['in empty', () => tokens().in('id', []), []],
    ['or with a quoted dot', () => tokens().or('name.eq."v1.2",name.eq.zzz'), ['dot']],
    [
      'or with nested and',
      () => tokens().or('id.eq.bitcoin,and(rank.gt.3,rank.lt.5)'),
      ['bitcoin', 'comma'],
    ],
    [
      'or with not.and',
      () => tokens().or('id.eq.dot,not.and(rank.gte.2,rank.lte.5)').not('rank', 'is', null),
      ['bitcoin'],
    ],
    [
      'raw and=()',
      () => tokens().filter('and', '', '').or('rank.eq.1,rank.eq.2'),
      ['bitcoin', 'ethereum'],
    ],
    ['match (regex)', () => tokens().match({ symbol: 'ETH' }), ['ethereum']],
    ['regex', () => tokens().filter('name', 'match', '^B.*n$'), ['bitcoin']],
    [
      'isdistinct',
      () => tokens().filter('rank', 'isdistinct', '1').not('rank', 'is', null).lt('rank', 4),
      ['ethereum', 'plus'],
    ],
  ];

  describe('operators', () => {
    for (const [name, build, expected] of cases) {
      it(name, async () => {
        if (name === 'raw and=()') {
          // postgrest-js has no .and(); send it raw.
          const response = await fetch(
            `${stack().url}/rest/v1/tokens?select=id&and=(rank.gte.1,rank.lte.2)`,
            {
              headers: { apikey: stack().anonKey },
            },
          );
          const rows = (await response.json()) as { id: string }[];
          expect(rows.map((r) => r.id).sort()).toEqual(expected);
          return;
        }
        expect(await ids(build())).toEqual(expected);
      });
    }

    it('in with an unescaped quote (postgrest-js does not escape it): 400 PGRST100, not 500', async () => {
      const { status, error } = await tokens().in('name', ['say "hi" (now)']);
      expect(status).toBe(400);
      expect(error?.code).toBe('PGRST100');
    });

    it('cs, cd and ov on text[]', async () => {
      const terms = () => stack().client().from('terms').select('slug');
      const slugs = async (query: PromiseLike<{ data: unknown }>) =>
        ((await query).data as { slug: string }[]).map((r) => r.slug).sort();
      expect(await slugs(terms().contains('related_slugs', ['wallet']))).toEqual(['blockchain']);
      expect(await slugs(terms().containedBy('related_slugs', ['wallet', 'blockchain']))).toEqual([
        'blockchain',
        'wallet',
      ]);
      expect(await slugs(terms().overlaps('related_slugs', ['blockchain', 'x']))).toEqual([
        'wallet',
      ]);
    });

    it('is true / is false on booleans', async () => {
      const service = stack().client('service');
      const passed = await service.from('quiz_attempts').select('passed').is('passed', false);
      expect(passed.data).toHaveLength(2);
      const none = await service.from('quiz_attempts').select('passed').is('passed', true);
      expect(none.data).toEqual([]);
    });

    it('full-text search', async () => {
      expect(await ids(tokens().textSearch('name', 'bitcoin', { config: 'english' }))).toEqual([
        'bitcoin',
      ]);
      expect(await ids(tokens().textSearch('name', 'ethereum', { type: 'websearch' }))).toEqual([
        'ethereum',
      ]);
    });
  });

  it('aliases, casts and JSON paths', async () => {
    const { data } = await stack()
      .client()
      .from('tokens')
      .select('key:id, rank::text')
      .eq('id', 'bitcoin');
    expect(data).toEqual([{ key: 'bitcoin', rank: '1' }]);
    const quiz = await stack()
      .client()
      .from('quiz_question_translations')
      .select('first:options->0->>key')
      .limit(1);
    expect(quiz.data).toEqual([{ first: 'a' }]);
  });

  it('orders with nulls first / last and limits', async () => {
    const order = async (nullsFirst: boolean) =>
      (
        await stack()
          .client()
          .from('tokens')
          .select('id')
          .order('rank', { ascending: false, nullsFirst })
          .limit(2)
      ).data;
    expect(await order(true)).toEqual([{ id: 'dot' }, { id: 'quote' }]);
    expect(await order(false)).toEqual([{ id: 'quote' }, { id: 'comma' }]);
  });

  it('range with count: 206 and Content-Range total', async () => {
    const { data, count, status } = await stack()
      .client()
      .from('tokens')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 2);
    expect(status).toBe(206);
    expect(count).toBe(6);
    expect(data).toEqual([{ id: 'comma' }, { id: 'dot' }]);
    const all = await stack().client().from('tokens').select('id', { count: 'exact' });
    expect(all.status).toBe(200);
    const head = await stack().client().from('tokens').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(6);
    expect(head.data).toBeNull();
  });

  it('range past the end: 416 PGRST103; legacy Range header', async () => {
    const beyond = await stack()
      .client()
      .from('tokens')
      .select('id', { count: 'exact' })
      .range(50, 60);
    expect(beyond.status).toBe(416);
    expect(beyond.error?.code).toBe('PGRST103');
    const response = await fetch(`${stack().url}/rest/v1/tokens?select=id&order=id`, {
      headers: { apikey: stack().anonKey, Range: '0-1' },
    });
    expect(response.headers.get('content-range')).toBe('0-1/*');
    expect(await response.json()).toEqual([{ id: 'bitcoin' }, { id: 'comma' }]);
  });

  it('single: object for one row, 406 PGRST116 otherwise; maybeSingle', async () => {
    const one = await stack().client().from('tokens').select('id').eq('id', 'bitcoin').single();
    expect(one.data).toEqual({ id: 'bitcoin' });
    for (const query of [tokens().eq('id', 'nope'), tokens()]) {
      const many = await query.single();
      expect(many.status).toBe(406);
      expect(many.error?.code).toBe('PGRST116');
    }
    expect((await tokens().eq('id', 'nope').maybeSingle()).data).toBeNull();
  });

  it('formats values as Postgres JSON (numeric, timestamptz)', async () => {
    await db().query(
      `update public.token_market set price_usd = 1.50, updated_at = '2024-01-02T03:04:05.678Z' where token_id = 'bitcoin'`,
    );
    const response = await fetch(
      `${stack().url}/rest/v1/token_market?select=price_usd,updated_at`,
      {
        headers: { apikey: stack().anonKey },
      },
    );
    const text = await response.text();
    expect(text).toContain('"price_usd":1.50');
    expect(text).toMatch(/"updated_at":"2024-01-02T0\d:04:05\.678\+0\d:00"/);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
