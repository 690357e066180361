import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { localFunctions, type LocalFunctionsEnv } from '../../server/functions/registry.ts';
import { functionsService } from '../../server/functions/service.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, seedContent, seedUsers, userA, type TestUser } from './fixtures.ts';
import { startStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';

// A fake CoinGecko on loopback: `/coins/markets` answers canned rows for the seeded tokens,
// or fails the way a real provider can. Every request is recorded.

type ProviderMode = 'ok' | 'bad-row' | 'error' | 'invalid-json' | 'not-a-list';

interface FakeProvider {
  baseUrl: string;
  mode: ProviderMode;
  requests: { url: URL; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const cannedRows = [
  {
    id: 'bitcoin',
    symbol: 'btc',
    current_price: 65432.1,
    market_cap: 1_290_000_000_000,
    price_change_percentage_24h: -1.25,
    total_volume: 34_000_000_000,
  },
  {
    id: 'ethereum',
    symbol: 'eth',
    current_price: 3456.78,
    market_cap: null,
    price_change_percentage_24h: 2.5,
    total_volume: 15_000_000_000,
  },
  // Not a seeded token: ignored.
  {
    id: 'dogecoin',
    current_price: 0.1,
    market_cap: 1,
    price_change_percentage_24h: 0,
    total_volume: 1,
  },
];

async function startFakeProvider(): Promise<FakeProvider> {
  const fake: FakeProvider = {
    baseUrl: '',
    mode: 'ok',
    requests: [],
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ url, headers: req.headers });
    const send = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (url.pathname !== '/api/v3/coins/markets') {
      send(404, '{"error":"not found"}');
      return;
    }
    if (fake.mode === 'error') send(500, '{"status":{"error_code":500}}');
    else if (fake.mode === 'invalid-json') send(200, '[{"id": "bitcoin", ');
    else if (fake.mode === 'not-a-list') send(200, '{"status":{"error_code":429}}');
    else {
      const ids = new Set((url.searchParams.get('ids') ?? '').split(','));
      const rows = cannedRows
        .map((row) =>
          fake.mode === 'bad-row' && row.id === 'ethereum'
            ? { ...row, current_price: '3456' }
            : row,
        )
        .filter((row) => ids.has(row.id) || row.id === 'dogecoin');
      send(200, JSON.stringify(rows));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/api/v3`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return fake;
}

describeOnEachDatabase('functions: refresh-market', ({ db }) => {
  let provider: FakeProvider;
  let stack: TestStack;
  const env = (): LocalFunctionsEnv => ({
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    COINGECKO_BASE_URL: provider.baseUrl,
    COINGECKO_API_KEY: 'demo-key',
  });
  const invoke = (as: 'anon' | 'service' | TestUser): Promise<{ data: unknown; error: unknown }> =>
    stack.client(as).functions.invoke<unknown>('refresh-market');
  const marketRows = async (): Promise<Record<string, unknown>[]> => {
    const { data, error } = await stack.client().from('token_market').select('*').order('token_id');
    expect(error).toBeNull();
    return (data ?? []) as Record<string, unknown>[];
  };

  let log: { mock: { calls: unknown[][] }; mockRestore(): void };

  beforeAll(async () => {
    log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await seedUsers(db());
    await seedContent(db());
    provider = await startFakeProvider();
    const functions = localFunctions(env);
    stack = await startStack(db(), {
      routes: [
        {
          prefix: '/functions/v1',
          service: functionsService({ jwtSecret: TEST_JWT_SECRET, functions }),
        },
      ],
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
    expect(provider.requests).toHaveLength(0);
  });

  it('keeps the last known rows when the provider fails (500, invalid JSON, not a list)', async () => {
    const before = await marketRows();
    expect(before).toMatchObject([{ token_id: 'bitcoin', price_usd: 1 }]);
    for (const mode of ['error', 'invalid-json', 'not-a-list'] as const) {
      provider.mode = mode;
      const { data, error } = await invoke('service');
      expect(data).toBeNull();
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'provider_unavailable' });
      expect(await marketRows()).toEqual(before);
    }
    // Each failure is logged, never with the keys.
    const lines = JSON.stringify(log.mock.calls);
    expect(lines).toContain('provider answered 500');
    expect(lines).toContain('provider answered invalid JSON');
    for (const secret of ['demo-key', stack.serviceKey, stack.anonKey]) {
      expect(lines).not.toContain(secret);
    }
  });

  it('writes the provider figures with the service key; anon reads them through /rest/v1', async () => {
    provider.mode = 'ok';
    provider.requests.length = 0;
    const started = Date.now();
    const { data, error } = await invoke('service');
    expect(error).toBeNull();
    expect(data).toEqual({ updated: 2, skipped: [] });
    const [request] = provider.requests;
    expect(request?.url.searchParams.get('vs_currency')).toBe('usd');
    expect(request?.url.searchParams.get('ids')).toBe('bitcoin,ethereum');
    expect(request?.url.searchParams.get('per_page')).toBe('250');
    expect(request?.headers['x-cg-demo-api-key']).toBe('demo-key');
    const rows = await marketRows();
    expect(rows).toMatchObject([
      {
        token_id: 'bitcoin',
        price_usd: 65432.1,
        market_cap_usd: 1_290_000_000_000,
        change_24h_pct: -1.25,
      },
      {
        token_id: 'ethereum',
        price_usd: 3456.78,
        market_cap_usd: null,
        volume_24h_usd: 15_000_000_000,
      },
    ]);
    for (const row of rows) {
      expect(Date.parse(String(row.updated_at))).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(rows.map((row) => row.token_id)).not.toContain('dogecoin');

    // A later outage leaves these rows, timestamps included.
    provider.mode = 'invalid-json';
    expect((await invoke('service')).error).toBeInstanceOf(FunctionsHttpError);
    expect(await marketRows()).toEqual(rows);
  });

  it('skips rows of the wrong shape and keeps their previous figures', async () => {
    const before = await marketRows();
    provider.mode = 'bad-row';
    const { data, error } = await invoke('service');
    expect(error).toBeNull();
    expect(data).toEqual({ updated: 1, skipped: ['ethereum'] });
    const after = await marketRows();
    expect(after[1]).toEqual(before[1]);
    expect(after[0]?.updated_at).not.toEqual(before[0]?.updated_at);
  });
});
