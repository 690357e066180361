import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localFunctions, type LocalFunctionsEnv } from '../../server/functions/registry.ts';
import { loadContent } from '../../server/seed/load.ts';
import {
  downsampleSparkline,
  retryAfterSeconds,
  SPARKLINE_POINTS,
  toMarketRow,
} from '../../supabase/functions/refresh-market/handler.ts';
import {
  FAKE_SPARKLINE_POINTS,
  fakeMarketRow,
  startFakeMarketProvider,
  type FakeMarketProvider,
} from '../support/fakeMarketProvider.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, seedContent, seedUsers, userA, type TestUser } from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// refresh-market against the fake CoinGecko of tests/support, over the whole catalogue of
// content/ (267 sheets: 2 provider calls a refresh). The rules under test: nothing is written
// unless every page came back good, a rate limit stops the calls and is passed on with its
// Retry-After, and every outcome lands in market_refresh_status with the calls it cost.

type Row = Record<string, unknown>;

interface Outcome {
  status: number;
  headers: Headers;
  body: unknown;
}

interface RefreshStatus {
  last_success_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
  provider_calls: number;
}

const numbers = (value: unknown): number[] | null =>
  Array.isArray(value) ? value.map((item) => Number(item)) : null;

describe('refresh-market: reading the provider', () => {
  it('reads Retry-After as seconds or as an HTTP-date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    for (const junk of [null, '', '-5', '1.5', 'soon', '9'.repeat(30)]) {
      expect(retryAfterSeconds(junk, now)).toBeUndefined();
    }
  });

  it('keeps one sparkline point every 4 hours, ending on the latest price', () => {
    const hourly = Array.from({ length: 168 }, (_, hour) => hour);
    const kept = downsampleSparkline({ price: hourly });
    expect(kept).toHaveLength(SPARKLINE_POINTS);
    expect(kept?.slice(0, 3)).toEqual([3, 7, 11]);
    expect(kept?.at(-1)).toBe(167);
    // The provider sometimes sends an hour more or less: still 42 points, still the latest.
    expect(downsampleSparkline({ price: [...hourly, 168] })?.at(-1)).toBe(168);
    expect(downsampleSparkline({ price: hourly.slice(1) })).toHaveLength(SPARKLINE_POINTS);
    expect(downsampleSparkline({ price: [1, 2, 3] })).toEqual([1, 2, 3]);
    for (const junk of [undefined, null, {}, { price: [] }, { price: [1, '2'] }, { price: 'x' }]) {
      expect(downsampleSparkline(junk)).toBeNull();
    }
  });

  it('turns malformed optional fields into null, and rejects malformed required ones', () => {
    const good = fakeMarketRow('bitcoin');
    const row = toMarketRow(
      {
        ...good,
        price_change_percentage_7d_in_currency: '3',
        circulating_supply: null,
        ath: {},
        ath_date: 'yesterday',
        sparkline_in_7d: { price: [1, null] },
      },
      '2026-11-25T12:00:00.000Z',
    );
    expect(row).toEqual({
      token_id: 'bitcoin',
      price_usd: good.current_price,
      market_cap_usd: good.market_cap,
      change_24h_pct: good.price_change_percentage_24h,
      volume_24h_usd: good.total_volume,
      change_7d_pct: null,
      circulating_supply: null,
      ath_usd: null,
      ath_date: null,
      sparkline_7d: null,
      updated_at: '2026-11-25T12:00:00.000Z',
    });
    expect(toMarketRow({ ...good, total_volume: '1' }, '')).toBeUndefined();
    expect(toMarketRow({ ...good, id: 1 }, '')).toBeUndefined();
  });

  it('the fake answers the same plausible row for the same id', () => {
    const row = fakeMarketRow('bitcoin');
    expect(fakeMarketRow('bitcoin')).toEqual(row);
    expect(fakeMarketRow('ethereum').current_price).not.toBe(row.current_price);
    expect(row.current_price).toBeGreaterThan(0);
    expect(row.ath).toBeGreaterThan(row.current_price);
    expect(row.market_cap).toBe(Math.round(row.current_price * row.circulating_supply));
    expect(row.sparkline_in_7d?.price).toHaveLength(FAKE_SPARKLINE_POINTS);
    expect(row.sparkline_in_7d?.price.at(-1)).toBe(row.current_price);
    expect(Number.isNaN(Date.parse(row.ath_date))).toBe(false);
    expect(fakeMarketRow('bitcoin', 2).current_price).toBeCloseTo(row.current_price * 2, 2);
  });
});

describeOnEachDatabase('functions: refresh-market', ({ db }) => {
  let provider: FakeMarketProvider;
  let stack: TestStack;
  let catalogue: string[];
  // The provider calls' signal: never aborted, except by the test of a provider that hangs.
  let providerCalls = new AbortController();
  // Every provider call so far, as market_refresh_status should count them.
  let spentCalls = 0;

  const env = (): LocalFunctionsEnv => ({
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    COINGECKO_BASE_URL: provider.baseUrl,
    COINGECKO_API_KEY: 'demo-key',
  });
  const invoke = (as: 'anon' | 'service' | TestUser): Promise<{ data: unknown; error: unknown }> =>
    stack.client(as).functions.invoke<unknown>('refresh-market');
  /** One refresh as the service role, with the answer's status, headers and body. */
  const refresh = async (): Promise<Outcome> => {
    const before = provider.calls;
    const { data, error } = await invoke('service');
    spentCalls += provider.calls - before;
    if (error === null) return { status: 200, headers: new Headers(), body: data };
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const marketRows = async (): Promise<Row[]> => {
    const { data, error } = await stack.client().from('token_market').select('*').order('token_id');
    expect(error).toBeNull();
    return (data ?? []) as Row[];
  };
  const refreshStatus = async (): Promise<RefreshStatus> => {
    const { data, error } = await stack
      .client()
      .from('market_refresh_status')
      .select('last_success_at, last_error_at, last_error, provider_calls')
      .single();
    expect(error).toBeNull();
    return data as RefreshStatus;
  };

  let log: { mock: { calls: unknown[][] }; mockRestore(): void };

  beforeAll(async () => {
    log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await seedUsers(db());
    await seedContent(db());
    // The real catalogue's ids, without the rest of the seed: the calls depend on the ids only.
    catalogue = (await loadContent()).tokens.map((token) => token.id).sort();
    await db().query(
      `insert into public.tokens (id, symbol, name)
       select id, upper(left(id, 8)), id from unnest($1::text[]) as id
       on conflict (id) do nothing`,
      [catalogue],
    );
    provider = await startFakeMarketProvider();
    const functions = localFunctions(env, {
      refreshMarket: { providerSignal: () => providerCalls.signal },
    });
    stack = await startStack(db(), {
      functions,
    });
  });
  afterAll(async () => {
    log.mockRestore();
    await stack.close();
    await provider.close();
  });

  it('refuses the anon key and user tokens with 403, and a missing token with 401', async () => {
    for (const as of ['anon', userA, adminUser] as const) {
      const { error } = await invoke(as);
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'forbidden' });
    }
    const bare = await fetch(`${stack.url}/functions/v1/refresh-market`, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect(provider.calls).toBe(0);
    expect(await refreshStatus()).toEqual({
      last_success_at: null,
      last_error_at: null,
      last_error: null,
      provider_calls: 0,
    });
  });

  it('prices the whole catalogue in 2 calls of at most 250 ids, with the 7-day figures', async () => {
    expect(catalogue).toHaveLength(267);
    const started = Date.now();
    const outcome = await refresh();
    expect(outcome).toMatchObject({ status: 200, body: { updated: 267, skipped: [], calls: 2 } });

    expect(provider.requests.map((request) => request.ids.length)).toEqual([250, 17]);
    expect(provider.requests.flatMap((request) => request.ids).sort()).toEqual(catalogue);
    for (const { url, headers } of provider.requests) {
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        vs_currency: 'usd',
        per_page: '250',
        page: '1',
        sparkline: 'true',
        price_change_percentage: '7d',
      });
      expect(headers['x-cg-demo-api-key']).toBe('demo-key');
    }

    const rows = await marketRows();
    expect(rows.map((row) => row.token_id)).toEqual(catalogue);
    for (const row of rows) {
      expect(row.price_usd).toEqual(expect.any(Number));
      expect(numbers(row.sparkline_7d)).toHaveLength(SPARKLINE_POINTS);
      expect(Date.parse(String(row.updated_at))).toBeGreaterThanOrEqual(started - 1000);
    }
    const fake = fakeMarketRow('bitcoin');
    const bitcoin = rows.find((row) => row.token_id === 'bitcoin');
    expect(bitcoin).toMatchObject({
      price_usd: fake.current_price,
      market_cap_usd: fake.market_cap,
      change_24h_pct: fake.price_change_percentage_24h,
      volume_24h_usd: fake.total_volume,
      change_7d_pct: fake.price_change_percentage_7d_in_currency,
      circulating_supply: fake.circulating_supply,
      ath_usd: fake.ath,
    });
    expect(Date.parse(String(bitcoin?.ath_date))).toBe(Date.parse(fake.ath_date));
    const hourly = fake.sparkline_in_7d?.price ?? [];
    expect(numbers(bitcoin?.sparkline_7d)).toEqual(
      Array.from({ length: SPARKLINE_POINTS }, (_, index) => hourly[index * 4 + 3]),
    );

    const status = await refreshStatus();
    expect(Date.parse(String(status.last_success_at))).toBeGreaterThanOrEqual(started - 1000);
    expect(status).toMatchObject({ last_error_at: null, last_error: null, provider_calls: 2 });
  });

  it('keeps the last prices and their time on every fault, and records each one', async () => {
    const before = await marketRows();
    const cases = [
      {
        set: () => {
          provider.setMode('error');
        },
        reason: 'provider answered 500',
        calls: 1,
      },
      {
        set: () => {
          provider.setMode('error', { afterCalls: 1 });
        },
        reason: 'provider answered 500',
        calls: 2,
      },
      {
        set: () => {
          provider.setMode('invalid-json', { afterCalls: 1 });
        },
        reason: 'provider answered invalid JSON',
        calls: 2,
      },
      {
        set: () => {
          provider.setMode('not-a-list');
        },
        reason: 'provider answered JSON that is not a list',
        calls: 1,
      },
    ];
    for (const { set, reason, calls } of cases) {
      set();
      provider.requests.length = 0;
      const startedAt = Date.now();
      const outcome = await refresh();
      expect(outcome).toMatchObject({ status: 502, body: { error: 'provider_unavailable' } });
      expect(provider.calls).toBe(calls);
      expect(await marketRows()).toEqual(before);
      const status = await refreshStatus();
      expect(status).toMatchObject({ last_error: reason, provider_calls: spentCalls });
      expect(Date.parse(String(status.last_error_at))).toBeGreaterThanOrEqual(startedAt - 1000);
    }

    // Each failure is logged and recorded, never with a key or the provider's URL.
    const lines = JSON.stringify(log.mock.calls);
    expect(lines).toContain('provider answered 500');
    expect(lines).toContain('provider answered invalid JSON');
    const recorded = JSON.stringify(await refreshStatus());
    for (const secret of ['demo-key', stack.serviceKey, stack.anonKey, provider.baseUrl]) {
      expect(lines).not.toContain(secret);
      expect(recorded).not.toContain(secret);
    }
    provider.setMode('healthy');
  });

  it('passes a rate limit on as 503 with its Retry-After, and stops calling the provider', async () => {
    const before = await marketRows();
    const cases = [
      { options: {}, seconds: 30, status: 429 },
      { options: { retryAfter: null }, seconds: 60, status: 429 },
      {
        options: { retryAfter: new Date(Date.now() + 125_000).toUTCString() },
        seconds: expect.toSatisfy((value: number) => value >= 120 && value <= 125) as number,
        status: 429,
      },
      { options: { status: 503, retryAfter: '7' }, seconds: 7, status: 503 },
    ];
    for (const { options, seconds, status } of cases) {
      provider.setMode(status === 429 ? 'rate-limited' : 'error', options);
      provider.requests.length = 0;
      const outcome = await refresh();
      expect(outcome).toMatchObject({
        status: 503,
        body: { error: 'provider_rate_limited', retry_after_seconds: seconds },
      });
      const { retry_after_seconds: given } = outcome.body as { retry_after_seconds: number };
      expect(outcome.headers.get('retry-after')).toBe(String(given));
      // The second page is never asked for.
      expect(provider.calls).toBe(1);
      expect(await marketRows()).toEqual(before);
      expect(await refreshStatus()).toMatchObject({
        last_error: `provider answered ${status} (retry after ${given} s)`,
        provider_calls: spentCalls,
      });
    }

    // A good first page that still asks to wait: the second page waits too, nothing is written.
    provider.setMode('healthy', { retryAfter: '5' });
    provider.requests.length = 0;
    expect(await refresh()).toMatchObject({
      status: 503,
      body: { error: 'provider_rate_limited', retry_after_seconds: 5 },
    });
    expect(provider.calls).toBe(1);
    expect(await marketRows()).toEqual(before);
    provider.setMode('healthy');
  });

  it('waits for a slow provider, and gives up on one that hangs without writing', async () => {
    const before = await marketRows();
    provider.setMode('slow');
    provider.requests.length = 0;
    const finished = refresh();
    await provider.whenHeld();
    expect(provider.calls).toBe(1);
    provider.release();
    await provider.whenHeld();
    provider.release();
    expect(await finished).toMatchObject({ status: 200, body: { updated: 267, calls: 2 } });
    const after = await marketRows();
    expect(after[0]?.updated_at).not.toEqual(before[0]?.updated_at);

    const hanging = refresh();
    await provider.whenHeld();
    // What the handler's own 15 s timeout does, without waiting 15 s.
    providerCalls.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(await hanging).toMatchObject({ status: 502, body: { error: 'provider_unavailable' } });
    providerCalls = new AbortController();
    provider.release();
    expect(await marketRows()).toEqual(after);
    expect(await refreshStatus()).toMatchObject({
      last_error: 'provider unreachable (TimeoutError)',
      provider_calls: spentCalls,
    });
    provider.setMode('healthy');
  });

  it('updates the coins the provider answered for, and keeps the rows of the missing ones', async () => {
    const before = await marketRows();
    provider.setMode('missing-coins');
    provider.setMissingIds(['ethereum', 'wemix-token']);
    provider.setPriceFactor(2);
    const started = Date.now();
    const outcome = await refresh();
    expect(outcome).toMatchObject({
      status: 200,
      body: { updated: 265, skipped: ['ethereum', 'wemix-token'], calls: 2 },
    });
    const after = await marketRows();
    for (const [index, row] of after.entries()) {
      const old = before[index];
      if (row.token_id === 'ethereum' || row.token_id === 'wemix-token') {
        expect(row).toEqual(old);
      } else {
        expect(row.price_usd).toBe(fakeMarketRow(String(row.token_id), 2).current_price);
        expect(Date.parse(String(row.updated_at))).toBeGreaterThanOrEqual(started - 1000);
      }
    }
    const status = await refreshStatus();
    expect(Date.parse(String(status.last_success_at))).toBeGreaterThanOrEqual(started - 1000);
    expect(status.provider_calls).toBe(spentCalls);
    provider.reset();
  });

  it('skips rows whose prices are malformed, and stores null for malformed details', async () => {
    const before = await marketRows();
    provider.setRowTransform((row) => {
      if (row.id === 'bitcoin') return { ...row, current_price: '3456' };
      if (row.id === 'ethereum') {
        return {
          ...row,
          price_change_percentage_7d_in_currency: 'NaN',
          circulating_supply: '120000000',
          ath: null,
          ath_date: 'not a date',
          sparkline_in_7d: { price: [1, 2, 'x'] },
        };
      }
      return row;
    });
    const outcome = await refresh();
    expect(outcome).toMatchObject({
      status: 200,
      body: { updated: 266, skipped: ['bitcoin'], calls: 2 },
    });
    const after = await marketRows();
    const find = (rows: Row[], id: string): Row | undefined =>
      rows.find((row) => row.token_id === id);
    expect(find(after, 'bitcoin')).toEqual(find(before, 'bitcoin'));
    expect(find(after, 'ethereum')).toMatchObject({
      price_usd: fakeMarketRow('ethereum').current_price,
      change_7d_pct: null,
      circulating_supply: null,
      ath_usd: null,
      ath_date: null,
      sparkline_7d: null,
    });
    provider.reset();
  });

  it('lets everyone read the refresh status, and no client write it', async () => {
    for (const as of ['anon', userA, adminUser] as const) {
      const read = await stack.client(as).from('market_refresh_status').select('provider_calls');
      expect(read.data).toEqual([{ provider_calls: spentCalls }]);
      const write = await stack
        .client(as)
        .from('market_refresh_status')
        .update({ provider_calls: 0 })
        .eq('id', true);
      expect(write.error?.code).toBe('42501');
      const rpc = await stack
        .client(as)
        .rpc('record_market_refresh', { _provider_calls: 1000, _error: 'forged' });
      expect(rpc.error?.code).toBe('42501');
    }
    expect((await refreshStatus()).provider_calls).toBe(spentCalls);
  });
});
