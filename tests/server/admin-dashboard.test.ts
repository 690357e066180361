import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { localFunctions, type LocalFunctionsEnv } from '../../server/functions/registry.ts';
import { toTopCoin } from '../../supabase/functions/refresh-top-coins/handler.ts';
import {
  FAKE_TOP_COIN_IDS,
  startFakeMarketProvider,
  type FakeMarketProvider,
} from '../support/fakeMarketProvider.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, seedContent, seedUsers, userA } from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// The admin dashboard's one call, and the daily read of the provider's largest coins that feeds
// its "no sheet yet" list: who may call what, and that the figures are the database's.

interface DashboardAnswer {
  counts: Record<string, number>;
  market: { provider_calls: number; top_coins_refreshed_at: string | null; now: string };
  missing_coins: { id: string; market_cap_rank: number }[];
  missing_coins_total: number;
  top_coins_total: number;
  latest_messages: { name: string; status: string }[];
}

it('keeps a provider row only when it has what the table needs', () => {
  const good = { id: 'sonic-3', symbol: 's', name: 'Sonic', market_cap_rank: 40 };
  expect(toTopCoin(good)).toEqual({ ...good, symbol: 'S' });
  for (const bad of [
    null,
    'sonic',
    { ...good, id: 'Sonic' },
    { ...good, symbol: ' ' },
    { ...good, name: 42 },
    { ...good, market_cap_rank: null },
    { ...good, market_cap_rank: 1.5 },
  ]) {
    expect(toTopCoin(bad)).toBeUndefined();
  }
});

describeOnEachDatabase('admin dashboard', ({ db }) => {
  let provider: FakeMarketProvider;
  let stack: TestStack;

  const env = (): LocalFunctionsEnv => ({
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    COINGECKO_BASE_URL: provider.baseUrl,
  });
  const refreshTopCoins = async (as: 'anon' | 'service' | typeof userA) => {
    const answer: { data: unknown; error: unknown } = await stack
      .client(as)
      .functions.invoke<unknown>('refresh-top-coins');
    const { error } = answer;
    if (error === null) return 200;
    expect(error).toBeInstanceOf(FunctionsHttpError);
    return ((error as FunctionsHttpError).context as Response).status;
  };
  const dashboard = async () => {
    const answer: { data: unknown; error: unknown } = await stack
      .client(adminUser)
      .rpc('admin_dashboard');
    expect(answer.error).toBeNull();
    return answer.data as DashboardAnswer;
  };

  let log: { mockRestore(): void };
  beforeAll(async () => {
    log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await seedUsers(db());
    await seedContent(db());
    provider = await startFakeMarketProvider();
    const functions = localFunctions(env);
    stack = await startStack(db(), {
      functions,
    });
  });
  afterAll(async () => {
    log.mockRestore();
    await stack.close();
    await provider.close();
  });

  it('answers 42501 to visitors and to users who are not admins', async () => {
    for (const as of ['anon', userA] as const) {
      const { error } = await stack.client(as).rpc('admin_dashboard');
      expect(error?.code).toBe('42501');
    }
  });

  it('lets only the service role record the largest coins, and only admins read them', async () => {
    for (const as of ['anon', userA, adminUser] as const) {
      const { error } = await stack.client(as).rpc('record_top_coins', {
        _coins: [],
        _provider_calls: 0,
      });
      expect(error?.code).toBe('42501');
      expect(await refreshTopCoins(as === adminUser ? userA : as)).toBe(403);
    }
    expect(await refreshTopCoins('service')).toBe(200);
    const { data: seenByUser } = await stack.client(userA).from('market_top_coins').select('id');
    expect(seenByUser).toEqual([]);
    const { data: seenByAdmin } = await stack
      .client(adminUser)
      .from('market_top_coins')
      .select('id');
    expect(seenByAdmin).toHaveLength(FAKE_TOP_COIN_IDS.length);
  });

  it('counts from the database and lists the largest coins without a sheet, by rank', async () => {
    await db().query(
      `insert into public.contact_messages (name, email, subject, message)
       values ('Grace', 'grace@example.test', 'bug', 'The chart is empty on my phone.')`,
    );
    const answer = await dashboard();
    const figures = await db().query<Record<string, string>>(
      `select (select count(*) from auth.users) as users,
              (select count(*) from public.terms) as terms,
              (select count(*) from public.tokens) as sheets,
              (select count(*) from public.learning_modules) as modules,
              (select count(*) from public.user_badges) as badges_awarded,
              (select count(*) from public.contact_messages where status = 'new') as unread`,
    );
    const row = figures.rows[0] ?? {};
    expect(answer.counts).toMatchObject({
      users: Number(row.users),
      new_users_7d: Number(row.users),
      terms: Number(row.terms),
      sheets: Number(row.sheets),
      modules: Number(row.modules),
      badges_awarded: Number(row.badges_awarded),
      unread_messages: Number(row.unread),
    });
    expect(answer.latest_messages[0]).toEqual(expect.objectContaining({ name: 'Grace' }));

    // bitcoin and ethereum have sheets in the fixtures: every other coin of the fake is missing.
    const sheets = new Set(['bitcoin', 'ethereum']);
    const missing = FAKE_TOP_COIN_IDS.filter((id) => !sheets.has(id));
    expect(answer.top_coins_total).toBe(FAKE_TOP_COIN_IDS.length);
    expect(answer.missing_coins_total).toBe(missing.length);
    expect(answer.missing_coins.map((coin) => coin.id).sort()).toEqual([...missing].sort());
    const ranks = answer.missing_coins.map((coin) => coin.market_cap_rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(answer.market.top_coins_refreshed_at).not.toBeNull();
  });

  it('keeps the last list when the provider fails, and counts the call all the same', async () => {
    const before = await dashboard();
    provider.setMode('error');
    expect(await refreshTopCoins('service')).toBe(502);
    provider.setMode('healthy');
    const after = await dashboard();
    expect(after.missing_coins).toEqual(before.missing_coins);
    expect(after.market.top_coins_refreshed_at).toBe(before.market.top_coins_refreshed_at);
    expect(after.market.provider_calls).toBe(before.market.provider_calls + 1);
  });
});
