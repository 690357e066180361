import { createClient } from '@supabase/supabase-js';
import { COIN_ID } from '../_shared/coinId.ts';
import {
  bearerRole,
  corsHeaders,
  json,
  PROVIDER_TIMEOUT_MS,
  providerRequest,
  type RefreshMarketEnv,
} from '../refresh-market/handler.ts';

// Reads the provider's 250 largest coins by market cap into `market_top_coins`, so that the
// admin dashboard can list the large coins that have no sheet yet. One provider call; run once
// a day (the list moves slowly, and the free plan counts calls per month). A failure keeps the
// previous list; the call is counted either way.

export type RefreshTopCoinsEnv = RefreshMarketEnv;

export interface RefreshTopCoinsOptions {
  /** The abort signal of the provider call; default a 15 s timeout (tests abort it themselves). */
  providerSignal?: () => AbortSignal;
}

export const TOP_COINS = 250;

export interface TopCoin {
  id: string;
  symbol: string;
  name: string;
  market_cap_rank: number;
}

/** A row of the provider's list as stored, or undefined when it lacks what the table needs. */
export function toTopCoin(raw: unknown): TopCoin | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const row = raw as Record<string, unknown>;
  const { id, symbol, name, market_cap_rank: rank } = row;
  if (typeof id !== 'string' || !COIN_ID.test(id) || id.length > 200) return undefined;
  if (typeof symbol !== 'string' || symbol.trim() === '' || symbol.length > 50) return undefined;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) return undefined;
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 1) return undefined;
  return { id, symbol: symbol.toUpperCase(), name, market_cap_rank: rank };
}

async function readTopCoins(
  env: RefreshTopCoinsEnv,
  signal: AbortSignal,
): Promise<TopCoin[] | string> {
  const { base, headers } = providerRequest(env);
  const query = new URLSearchParams({
    vs_currency: 'usd',
    order: 'market_cap_desc',
    per_page: String(TOP_COINS),
    page: '1',
  });
  let response: Response;
  try {
    response = await fetch(`${base}/coins/markets?${query.toString()}`, { headers, signal });
  } catch (error) {
    return `provider unreachable (${error instanceof Error ? error.name : 'error'})`;
  }
  if (!response.ok) {
    await response.body?.cancel();
    return `provider answered ${response.status}`;
  }
  let page: unknown;
  try {
    page = await response.json();
  } catch {
    return 'provider answered invalid JSON';
  }
  if (!Array.isArray(page)) return 'provider answered JSON that is not a list';
  const coins = new Map<string, TopCoin>();
  for (const raw of page) {
    const coin = toTopCoin(raw);
    if (coin !== undefined && !coins.has(coin.id)) coins.set(coin.id, coin);
  }
  return [...coins.values()];
}

export async function handleRefreshTopCoins(
  request: Request,
  env: RefreshTopCoinsEnv,
  options: RefreshTopCoinsOptions = {},
): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  // It writes for everyone: only the service role (scheduler, pg_cron) may run it.
  if (bearerRole(request) !== 'service_role') return json(403, { error: 'forbidden' });

  const db = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signal = options.providerSignal?.() ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  const coins = await readTopCoins(env, signal);
  const failed = typeof coins === 'string';
  const recorded = await db.rpc('record_top_coins', {
    _coins: failed ? null : coins,
    _provider_calls: 1,
  });
  if (failed) {
    console.error(`refresh-top-coins: ${coins}`);
    return json(502, { error: 'provider_unavailable' });
  }
  if (recorded.error !== null) {
    console.error(`refresh-top-coins: recording failed: ${recorded.error.message}`);
    return json(500, { error: 'database_unavailable' });
  }
  return json(200, { coins: coins.length });
}
