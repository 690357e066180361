import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { bearerClaims } from '../_shared/bearer.ts';

// Refreshes `token_market` from CoinGecko's `/coins/markets` for every token in `tokens`.
// Web-standard APIs and supabase-js only: Deno runs it through index.ts, the local stack in Node.
// All provider pages are fetched and checked before one upsert, so a provider failure changes
// nothing: the last known figures stay with their timestamp. Every outcome, and the provider
// calls it cost, goes to `market_refresh_status`: the free plan counts calls per month.

export interface RefreshMarketEnv {
  SUPABASE_URL: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  /** Default https://api.coingecko.com/api/v3. */
  COINGECKO_BASE_URL?: string | undefined;
  /** Optional: sent as `x-cg-demo-api-key` (`x-cg-pro-api-key` on the pro API host). */
  COINGECKO_API_KEY?: string | undefined;
}

export interface RefreshMarketOptions {
  /**
   * The abort signal of one provider call; default a 15 s timeout. Tests pass a signal they
   * abort themselves, so a slow provider is tested without waiting on the clock.
   */
  providerSignal?: () => AbortSignal;
}

export interface MarketRow {
  token_id: string;
  price_usd: number | null;
  market_cap_usd: number | null;
  change_24h_pct: number | null;
  volume_24h_usd: number | null;
  change_7d_pct: number | null;
  circulating_supply: number | null;
  ath_usd: number | null;
  ath_date: string | null;
  sparkline_7d: number[] | null;
  updated_at: string;
}

export const DEFAULT_BASE_URL = 'https://api.coingecko.com/api/v3';
/** CoinGecko's largest page; ids go in chunks of this size, so each chunk is one page. */
const PAGE_SIZE = 250;
export const PROVIDER_TIMEOUT_MS = 15_000;
/** One point every 4 hours of the provider's hourly 7-day series: each list row stays small. */
export const SPARKLINE_POINTS = 42;
/** When a 429 does not say how long to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': 'retry-after',
};

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'content-type': 'application/json', ...headers },
  });

/** The role claim of the Bearer token (see _shared/bearer.ts for why it is not verified here). */
export function bearerRole(request: Request): string | undefined {
  return bearerClaims(request)?.role;
}

/**
 * A `Retry-After` value in whole seconds from `now`: delay-seconds or an HTTP-date (a date in
 * the past is 0). Undefined when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return Number.isSafeInteger(seconds) ? seconds : undefined;
  }
  // Only a date with a weekday or a month name, so that "1.5" or "-3" is not read as a date.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const INVALID = Symbol('invalid');

function figure(value: unknown): number | null | typeof INVALID {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
}

/** An optional figure: anything but a finite number is null, it never rejects the row. */
function optionalFigure(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function optionalDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * At most SPARKLINE_POINTS points, evenly spread and ending on the latest price (168 hourly
 * points become one every 4 hours). Null unless a non-empty list of finite numbers.
 */
export function downsampleSparkline(value: unknown): number[] | null {
  const prices =
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>).price
      : undefined;
  if (!Array.isArray(prices) || prices.length === 0) return null;
  const points: number[] = [];
  for (const price of prices as unknown[]) {
    if (typeof price !== 'number' || !Number.isFinite(price)) return null;
    points.push(price);
  }
  if (points.length <= SPARKLINE_POINTS) return points;
  const step = points.length / SPARKLINE_POINTS;
  return Array.from(
    { length: SPARKLINE_POINTS },
    (_, index) => points[Math.round((index + 1) * step) - 1] ?? 0,
  );
}

/**
 * A provider row as a market row, or undefined when its shape is wrong. The four figures of the
 * first version must be numbers or null; the later ones become null when malformed, so that a
 * provider change in a detail never stops the prices.
 */
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
    change_7d_pct: optionalFigure(row.price_change_percentage_7d_in_currency),
    circulating_supply: optionalFigure(row.circulating_supply),
    ath_usd: optionalFigure(row.ath),
    ath_date: optionalDate(row.ath_date),
    sparkline_7d: downsampleSparkline(row.sparkline_in_7d),
    updated_at: updatedAt,
  };
}

class ProviderError extends Error {
  override name = 'ProviderError';
  /** Set when the provider asked to wait: no further call in this refresh. */
  readonly retryAfter: number | undefined;
  constructor(reason: string, retryAfter?: number) {
    super(reason);
    this.retryAfter = retryAfter;
  }
}

/** The provider's base URL and the headers of every call, with the key when one is set. */
export function providerRequest(
  env: Pick<RefreshMarketEnv, 'COINGECKO_BASE_URL' | 'COINGECKO_API_KEY'>,
): { base: string; headers: Record<string, string> } {
  const base = (env.COINGECKO_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (env.COINGECKO_API_KEY) {
    const header = base.includes('pro-api.coingecko.com')
      ? 'x-cg-pro-api-key'
      : 'x-cg-demo-api-key';
    headers[header] = env.COINGECKO_API_KEY;
  }
  return { base, headers };
}

interface Fetched {
  rows: unknown[];
  /** Provider calls made, failed ones included: each one counts against the quota. */
  calls: number;
  error?: ProviderError;
}

async function fetchMarkets(
  env: RefreshMarketEnv,
  ids: readonly string[],
  signal: () => AbortSignal,
): Promise<Fetched> {
  const { base, headers } = providerRequest(env);
  const fetched: Fetched = { rows: [], calls: 0 };
  for (let start = 0; start < ids.length; start += PAGE_SIZE) {
    const query = new URLSearchParams({
      vs_currency: 'usd',
      ids: ids.slice(start, start + PAGE_SIZE).join(','),
      per_page: String(PAGE_SIZE),
      page: '1',
      sparkline: 'true',
      price_change_percentage: '7d',
    });
    let response: Response;
    fetched.calls += 1;
    try {
      response = await fetch(`${base}/coins/markets?${query.toString()}`, {
        headers,
        signal: signal(),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error';
      return { ...fetched, error: new ProviderError(`provider unreachable (${name})`) };
    }
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    if (!response.ok) {
      await response.body?.cancel();
      const wait =
        retryAfter ?? (response.status === 429 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
      const reason = `provider answered ${response.status}`;
      return {
        ...fetched,
        error:
          wait === undefined
            ? new ProviderError(reason)
            : new ProviderError(`${reason} (retry after ${wait} s)`, wait),
      };
    }
    let page: unknown;
    try {
      page = await response.json();
    } catch {
      return { ...fetched, error: new ProviderError('provider answered invalid JSON') };
    }
    if (!Array.isArray(page)) {
      return { ...fetched, error: new ProviderError('provider answered JSON that is not a list') };
    }
    fetched.rows.push(...(page as unknown[]));
    // A good page that still asks to wait: the next page is not asked for, and without it the
    // refresh is incomplete, so nothing is written.
    if (retryAfter !== undefined && start + PAGE_SIZE < ids.length) {
      return {
        ...fetched,
        error: new ProviderError(
          `provider asked to wait (retry after ${retryAfter} s)`,
          retryAfter,
        ),
      };
    }
  }
  return fetched;
}

/** Best effort: a failure to record is logged, never turned into a failed refresh. */
async function recordOutcome(
  db: SupabaseClient,
  calls: number,
  error: string | undefined,
): Promise<void> {
  try {
    const result = await db.rpc('record_market_refresh', {
      _provider_calls: calls,
      _error: error === undefined ? null : error.slice(0, 200),
    });
    if (result.error !== null) {
      console.error(`refresh-market: recording the outcome failed: ${result.error.message}`);
    }
  } catch (failure) {
    const name = failure instanceof Error ? failure.name : 'error';
    console.error(`refresh-market: recording the outcome failed (${name})`);
  }
}

export async function handleRefreshMarket(
  request: Request,
  env: RefreshMarketEnv,
  options: RefreshMarketOptions = {},
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
    await recordOutcome(db, 0, 'reading tokens failed');
    return json(500, { error: 'database_unavailable' });
  }
  const ids = (tokens.data as { id: string }[]).map(({ id }) => id);
  if (ids.length === 0) {
    await recordOutcome(db, 0, undefined);
    return json(200, { updated: 0, skipped: [], calls: 0 });
  }

  const signal = options.providerSignal ?? (() => AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
  const { rows: raw, calls, error } = await fetchMarkets(env, ids, signal);
  if (error !== undefined) {
    console.error(`refresh-market: ${error.message}`);
    await recordOutcome(db, calls, error.message);
    if (error.retryAfter !== undefined) {
      return json(
        503,
        { error: 'provider_rate_limited', retry_after_seconds: error.retryAfter },
        { 'retry-after': String(error.retryAfter) },
      );
    }
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
    const { error: writeError } = await db
      .from('token_market')
      .upsert([...rows.values()], { onConflict: 'token_id' });
    if (writeError !== null) {
      console.error(`refresh-market: writing token_market failed: ${writeError.message}`);
      await recordOutcome(db, calls, 'writing token_market failed');
      return json(500, { error: 'database_unavailable' });
    }
  }
  await recordOutcome(db, calls, undefined);
  return json(200, { updated: rows.size, skipped, calls });
}
