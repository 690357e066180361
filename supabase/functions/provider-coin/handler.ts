import { createClient } from '@supabase/supabase-js';
import { COIN_ID } from '../_shared/coinId.ts';
import { bearerClaims } from '../_shared/bearer.ts';
import {
  corsHeaders,
  json,
  PROVIDER_TIMEOUT_MS,
  providerRequest,
  type RefreshMarketEnv,
} from '../refresh-market/handler.ts';

// Looks one coin up at the market-data provider for the admin page, which must not call a third
// party from the browser: POST `{ "id": "<provider id>" }` with an admin's access token answers
//   200 { found: true, id, symbol, name, rank }   the provider knows the id
//   200 { found: false }                           it does not
//   502 { error: 'provider_unavailable' }          it could not be asked (the admin may still
//                                                  save the sheet, unchecked)
//   400 { error: 'invalid_id' }, 403 { error: 'forbidden' }, 405, 500 { error: 'database_unavailable' }
// The caller's admin role is asked of the database with the caller's own token, so a forged or
// expired token is refused there too. Each provider call is counted in market_refresh_status.

export type ProviderCoinEnv = RefreshMarketEnv;

export interface ProviderCoinOptions {
  /** The abort signal of the provider call; default a 15 s timeout (tests abort it themselves). */
  providerSignal?: () => AbortSignal;
}

export type ProviderCoinAnswer =
  { found: true; id: string; symbol: string; name: string; rank: number | null } | { found: false };

/** The longest provider id a sheet takes. */
const COIN_ID_MAX = 100;

/** The id asked for, or undefined when the body is not `{ id: <provider id> }`. */
async function requestedId(request: Request): Promise<string | undefined> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { id } = body as Record<string, unknown>;
  if (typeof id !== 'string' || id.length > COIN_ID_MAX || !COIN_ID.test(id)) return undefined;
  return id;
}

/** The provider's row of this id as the answer, or a reason when the provider failed. */
async function lookUp(
  env: ProviderCoinEnv,
  id: string,
  signal: AbortSignal,
): Promise<ProviderCoinAnswer | string> {
  const { base, headers } = providerRequest(env);
  const query = new URLSearchParams({ vs_currency: 'usd', ids: id, per_page: '1', page: '1' });
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
  for (const raw of page as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const row = raw as Record<string, unknown>;
    if (row.id !== id) continue;
    const symbol = typeof row.symbol === 'string' ? row.symbol.trim().toUpperCase() : '';
    const name = typeof row.name === 'string' ? row.name.trim() : '';
    const rank = row.market_cap_rank;
    return {
      found: true,
      id,
      symbol: symbol.slice(0, 20),
      name: name.slice(0, 100),
      rank: typeof rank === 'number' && Number.isInteger(rank) && rank > 0 ? rank : null,
    };
  }
  return { found: false };
}

export async function handleProviderCoin(
  request: Request,
  env: ProviderCoinEnv,
  options: ProviderCoinOptions = {},
): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });

  const caller = bearerClaims(request);
  if (caller?.role !== 'authenticated' || caller.sub === undefined) {
    return json(403, { error: 'forbidden' });
  }
  // Admin is a row of user_roles, not a JWT role: the database answers, for this very token.
  const asCaller = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${caller.token}` } },
  });
  const role = await asCaller.rpc('has_role', { _user_id: caller.sub, _role: 'admin' });
  if (role.error !== null) {
    if (role.status === 401 || role.status === 403) return json(403, { error: 'forbidden' });
    console.error(`provider-coin: asking the role failed: ${role.error.message}`);
    return json(500, { error: 'database_unavailable' });
  }
  if (role.data !== true) return json(403, { error: 'forbidden' });

  const id = await requestedId(request);
  if (id === undefined) return json(400, { error: 'invalid_id' });

  const signal = options.providerSignal?.() ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  const answer = await lookUp(env, id, signal);
  const service = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const counted = await service.rpc('record_provider_calls', { _provider_calls: 1 });
  if (counted.error !== null) {
    console.error(`provider-coin: counting the call failed: ${counted.error.message}`);
  }
  if (typeof answer === 'string') {
    console.error(`provider-coin: ${answer}`);
    return json(502, { error: 'provider_unavailable' });
  }
  return json(200, answer);
}
