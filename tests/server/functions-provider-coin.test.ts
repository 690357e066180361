import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { localFunctions, type LocalFunctionsEnv } from '../../server/functions/registry.ts';
import {
  fakeMarketRow,
  FAKE_UNLISTED_PREFIX,
  startFakeMarketProvider,
  type FakeMarketProvider,
} from '../support/fakeMarketProvider.ts';
import { describeOnEachDatabase } from './databases.ts';
import { adminUser, seedUsers, userA, type TestUser } from './fixtures.ts';
import { startStack, type TestStack } from './stack.ts';

// provider-coin: the admin page's look-up of a provider id, through the functions host and the
// fake CoinGecko. Only admins may ask (the role comes from the database, for the caller's own
// token); a known id answers its symbol, name and rank, an unknown one found: false, a failing
// provider 502; each provider call is counted with the market refresh's.

interface Outcome {
  status: number;
  body: unknown;
}

describeOnEachDatabase('functions: provider-coin', ({ db }) => {
  let provider: FakeMarketProvider;
  let stack: TestStack;
  let providerCalls = new AbortController();

  const env = (): LocalFunctionsEnv => ({
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    COINGECKO_BASE_URL: provider.baseUrl,
    COINGECKO_API_KEY: 'demo-key',
  });
  const lookUp = async (as: 'anon' | 'service' | TestUser, body: unknown): Promise<Outcome> => {
    const answer = await stack
      .client(as)
      .functions.invoke<unknown>('provider-coin', { body: body as Record<string, unknown> });
    const data: unknown = answer.data;
    const error: unknown = answer.error;
    if (error === null) return { status: 200, body: data };
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    return { status: response.status, body: await response.json() };
  };
  const countedCalls = async (): Promise<number> => {
    const { rows } = await db().query<{ calls: string }>(
      'select provider_calls::text as calls from public.market_refresh_status',
    );
    return Number(rows[0]?.calls);
  };

  let log: { mockRestore(): void };

  beforeAll(async () => {
    log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await seedUsers(db());
    provider = await startFakeMarketProvider();
    const functions = localFunctions(env, {
      providerCoin: { providerSignal: () => providerCalls.signal },
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
  beforeEach(() => {
    provider.reset();
  });

  it('refuses visitors, signed-in users, the service role and forged tokens with 403', async () => {
    for (const as of ['anon', 'service', userA] as const) {
      expect(await lookUp(as, { id: 'bitcoin' })).toEqual({
        status: 403,
        body: { error: 'forbidden' },
      });
    }
    // A token signed with another secret that claims to be the admin: the host refuses it.
    const forged = await fetch(`${stack.url}/functions/v1/provider-coin`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stack.userToken(adminUser).replace(/\.[\w-]+$/, '.forged')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: 'bitcoin' }),
    });
    expect(forged.status).toBe(401);
    expect(provider.calls).toBe(0);
  });

  it('answers the symbol, name and rank of a known id, and counts the call', async () => {
    const before = await countedCalls();
    const fake = fakeMarketRow('wrapped-probe');
    expect(await lookUp(adminUser, { id: 'wrapped-probe' })).toEqual({
      status: 200,
      body: {
        found: true,
        id: 'wrapped-probe',
        symbol: fake.symbol.toUpperCase(),
        name: fake.name,
        rank: fake.market_cap_rank,
      },
    });
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request?.ids).toEqual(['wrapped-probe']);
    expect(request?.url.searchParams.get('vs_currency')).toBe('usd');
    expect(request?.headers['x-cg-demo-api-key']).toBe('demo-key');
    expect(await countedCalls()).toBe(before + 1);
  });

  it('answers found: false for an id the provider does not know', async () => {
    expect(await lookUp(adminUser, { id: `${FAKE_UNLISTED_PREFIX}coin` })).toEqual({
      status: 200,
      body: { found: false },
    });
  });

  it('refuses a malformed id without calling the provider', async () => {
    for (const body of [{ id: 'Bitcoin' }, { id: 'a b' }, { id: 'x'.repeat(101) }, {}, 'bitcoin']) {
      expect(await lookUp(adminUser, body)).toEqual({ status: 400, body: { error: 'invalid_id' } });
    }
    expect(provider.calls).toBe(0);
  });

  it('says the provider is unavailable when it fails, is rate-limited or hangs', async () => {
    for (const mode of ['error', 'rate-limited', 'invalid-json', 'not-a-list'] as const) {
      provider.setMode(mode);
      expect(await lookUp(adminUser, { id: 'bitcoin' }), mode).toEqual({
        status: 502,
        body: { error: 'provider_unavailable' },
      });
    }
    provider.setMode('slow');
    const pending = lookUp(adminUser, { id: 'bitcoin' });
    await provider.whenHeld();
    providerCalls.abort();
    expect(await pending).toEqual({ status: 502, body: { error: 'provider_unavailable' } });
    providerCalls = new AbortController();
  });
});
