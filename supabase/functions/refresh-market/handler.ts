import { createClient } from '@supabase/supabase-js';

// Refreshes `token_market` from CoinGecko's `/coins/markets` for every token in `tokens`.
// Web-standard APIs and supabase-js only: Deno runs it through index.ts, the local stack in Node.
// All provider pages are fetched and checked before one upsert, so a provider failure changes
// nothing: the last known figures stay with their timestamp.

export interface RefreshMarketEnv {
  SUPABASE_URL: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  /** Default https://api.coingecko.com/api/v3. */
  COINGECKO_BASE_URL?: string | undefined;
  /** Optional: sent as `x-cg-demo-api-key` (`x-cg-pro-api-key` on the pro API host). */
  COINGECKO_API_KEY?: string | undefined;
}

export interface MarketRow {
  token_id: string;
  price_usd: number | null;
  market_cap_usd: number | null;
  change_24h_pct: number | null;
  volume_24h_usd: number | null;
  updated_at: string;
}

const DEFAULT_BASE_URL = 'https://api.coingecko.com/api/v3';
/** CoinGecko's largest page; ids go in chunks of this size, so each chunk is one page. */
const PAGE_SIZE = 250;
const PROVIDER_TIMEOUT_MS = 15_000;

export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'content-type': 'application/json' },
  });

/**
 * The role claim of the Bearer token. The signature is not checked here: the functions host
 * verifies the JWT before the handler runs (verify_jwt, on by default; keep it on).
 */
export function bearerRole(request: Request): string | undefined {
  const match = /^Bearer\s+([\w-]+)\.([\w-]+)\.([\w-]+)$/i.exec(
    request.headers.get('authorization') ?? '',
  );
  if (match?.[2] === undefined) return undefined;
  try {
    const binary = atob(match[2].replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null) return undefined;
    const role = (claims as Record<string, unknown>).role;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}

const INVALID = Symbol('invalid');

function figure(value: unknown): number | null | typeof INVALID {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
}

/** A provider row as a market row, or undefined when its shape is wrong. */
export function toMarketRow(raw: unknown, updatedAt: string): MarketRow | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const row = raw as Record<string, unknown>;
  if (typeof row.id !== 'string') return undefined;
  const price = figure(row.current_price);
  const cap = figure(row.market_cap);
  const change = figure(row.price_change_percentage_24h);
  const volume = figure(row.total_volume);
  if (price === INVALID || cap === INVALID || change === INVALID || volume === INVALID) {
    return undefined;
  }
  return {
    token_id: row.id,
    price_usd: price,
    market_cap_usd: cap,
    change_24h_pct: change,
    volume_24h_usd: volume,
    updated_at: updatedAt,
  };
}

class ProviderError extends Error {}

async function fetchMarkets(env: RefreshMarketEnv, ids: readonly string[]): Promise<unknown[]> {
  const base = (env.COINGECKO_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (env.COINGECKO_API_KEY) {
    const header = base.includes('pro-api.coingecko.com')
      ? 'x-cg-pro-api-key'
      : 'x-cg-demo-api-key';
    headers[header] = env.COINGECKO_API_KEY;
  }
  const rows: unknown[] = [];
  for (let start = 0; start < ids.length; start += PAGE_SIZE) {
    const query = new URLSearchParams({
      vs_currency: 'usd',
      ids: ids.slice(start, start + PAGE_SIZE).join(','),
      per_page: String(PAGE_SIZE),
      page: '1',
    });
    let response: Response;
    try {
      response = await fetch(`${base}/coins/markets?${query.toString()}`, {
        headers,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`unreachable (${error instanceof Error ? error.name : 'error'})`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(`answered ${response.status}`);
    }
    let page: unknown;
    try {
      page = await response.json();
    } catch {
      throw new ProviderError('answered invalid JSON');
    }
    if (!Array.isArray(page)) throw new ProviderError('answered JSON that is not a list');
    rows.push(...(page as unknown[]));
  }
  return rows;
}

export async function handleRefreshMarket(
  request: Request,
  env: RefreshMarketEnv,
): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  // It writes market data for everyone: only the service role (scheduler, pg_cron) may run it.
  if (bearerRole(request) !== 'service_role') return json(403, { error: 'forbidden' });

  const db = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const tokens = await db.from('tokens').select('id').order('id');
  if (tokens.error !== null) {
    console.error(`refresh-market: reading tokens failed: ${tokens.error.message}`);
    return json(500, { error: 'database_unavailable' });
  }
  const ids = (tokens.data as { id: string }[]).map(({ id }) => id);
  if (ids.length === 0) return json(200, { updated: 0, skipped: [] });

  let raw: unknown[];
  try {
    raw = await fetchMarkets(env, ids);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`refresh-market: the market data provider ${error.message}`);
    return json(502, { error: 'provider_unavailable' });
  }

  const updatedAt = new Date().toISOString();
  const wanted = new Set(ids);
  const rows = new Map<string, MarketRow>();
  for (const item of raw) {
    const row = toMarketRow(item, updatedAt);
    if (row !== undefined && wanted.has(row.token_id) && !rows.has(row.token_id)) {
      rows.set(row.token_id, row);
    }
  }
  const skipped = ids.filter((id) => !rows.has(id));
  if (rows.size > 0) {
    const { error } = await db
      .from('token_market')
      .upsert([...rows.values()], { onConflict: 'token_id' });
    if (error !== null) {
      console.error(`refresh-market: writing token_market failed: ${error.message}`);
      return json(500, { error: 'database_unavailable' });
    }
  }
  return json(200, { updated: rows.size, skipped });
}
