import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A fake CoinGecko `/coins/markets` on loopback, for the server tests, the end-to-end tests and
// a developer without network: healthy answers carry a plausible row for every id asked for
// (but the `unlisted-` ones, which no provider knows), derived from the id alone (the same id
// always gets the same figures), in the provider's shape; the other modes fail the ways the
// real provider does. Node built-ins and erasable TypeScript only, so
// `node tests/support/fakeMarketProvider.ts` runs it as it is.
//
// As a script it listens on --port (or FAKE_MARKET_PORT, default 54329), prints its base URL
// for COINGECKO_BASE_URL, and takes its orders over HTTP, since another process cannot call
// the methods: POST /__fake/mode/<mode>, /__fake/price-factor/<n>, /__fake/release, /__fake/reset,
// GET /__fake/calls. Those requests are not counted as provider calls.

export const FAKE_MARKET_MODES = [
  'healthy',
  'slow',
  'rate-limited',
  'error',
  'invalid-json',
  'not-a-list',
  'missing-coins',
] as const;

/**
 * healthy: every id asked for. slow: healthy, but held until release(). rate-limited: 429 with
 * Retry-After. error: 500 (or `status`). invalid-json: a truncated body. not-a-list: a JSON
 * object. missing-coins: healthy without the ids of setMissingIds() (default: the first id of
 * each request).
 */
export type FakeMarketMode = (typeof FAKE_MARKET_MODES)[number];

export interface FakeMarketModeOptions {
  /** This many calls after setMode() still answer healthily: a fault on a later page. */
  afterCalls?: number;
  /** The status of `rate-limited` (429) and `error` (500) answers. */
  status?: number;
  /**
   * The Retry-After header of rate-limited (default '30'; null omits it), error and healthy
   * answers (default none).
   */
  retryAfter?: string | null;
}

export interface FakeMarketRequest {
  url: URL;
  /** The `ids` parameter, split. */
  ids: string[];
  headers: IncomingHttpHeaders;
  /** How this request was answered. */
  mode: FakeMarketMode;
}

export interface FakeMarketProvider {
  /** For COINGECKO_BASE_URL: `http://127.0.0.1:<port>/api/v3`. */
  baseUrl: string;
  readonly mode: FakeMarketMode;
  setMode(mode: FakeMarketMode, options?: FakeMarketModeOptions): void;
  /** Multiplies the prices (and caps, volumes, sparklines) of the next healthy answers. */
  setPriceFactor(factor: number): void;
  /** The ids that `missing-coins` leaves out. */
  setMissingIds(ids: readonly string[] | undefined): void;
  /** Rewrites each healthy row before it is sent: malformed fields, for example. */
  setRowTransform(transform: ((row: FakeMarketRow) => unknown) | undefined): void;
  /** Every `/coins/markets` request, in order. */
  readonly requests: FakeMarketRequest[];
  /** requests.length. */
  readonly calls: number;
  /** Slow requests not answered yet. */
  readonly held: number;
  /** Resolves once at least `count` slow requests are held. */
  whenHeld(count?: number): Promise<void>;
  /** Answers every held request, as healthy. */
  release(): void;
  /** Back to healthy, factor 1, no transform, no recorded request. */
  reset(): void;
  close(): Promise<void>;
}

/** One row of `/coins/markets?vs_currency=usd&sparkline=true&price_change_percentage=7d`. */
export interface FakeMarketRow {
  id: string;
  symbol: string;
  name: string;
  image: string;
  current_price: number;
  market_cap: number;
  market_cap_rank: number;
  fully_diluted_valuation: number | null;
  total_volume: number;
  high_24h: number;
  low_24h: number;
  price_change_24h: number;
  price_change_percentage_24h: number;
  market_cap_change_24h: number;
  market_cap_change_percentage_24h: number;
  circulating_supply: number;
  total_supply: number | null;
  max_supply: number | null;
  ath: number;
  ath_change_percentage: number;
  ath_date: string;
  atl: number;
  atl_change_percentage: number;
  atl_date: string;
  roi: null;
  last_updated: string;
  sparkline_in_7d?: { price: number[] };
  price_change_percentage_7d_in_currency?: number;
}

/**
 * What the fake answers for the largest coins (`/coins/markets` without `ids`): coins that have
 * a sheet in content/ and large coins that have none, so the admin dashboard has both.
 */
export const FAKE_TOP_COIN_IDS = [
  'bitcoin',
  'ethereum',
  'tether',
  'solana',
  'bitget-token',
  'world-liberty-financial',
  'memecore',
] as const;

/**
 * An id the provider does not know: the fake leaves it out of every answer, as CoinGecko does
 * with an unknown id, so that a look-up of it finds nothing.
 */
export const FAKE_UNLISTED_PREFIX = 'unlisted-';
export const isUnlistedCoin = (id: string): boolean => id.startsWith(FAKE_UNLISTED_PREFIX);

/** The provider's hourly 7-day series. */
export const FAKE_SPARKLINE_POINTS = 168;

/** FNV-1a: a stable seed per id. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: deterministic numbers in [0, 1) from a seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Rounded as the provider does: a few significant digits, more for small prices. */
function round(value: number, digits = 6): number {
  if (value === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const factor = 10 ** Math.max(0, digits - 1 - magnitude);
  return Math.round(value * factor) / factor;
}

const DAY = 86_400_000;
/** A fixed "now" for the dates of the rows: answers do not depend on the clock. */
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

/**
 * The row the fake answers for an id with prices times `factor`. Plausible figures: a price
 * between 0.0001 and 60,000 dollars, a cap of supply x price, a 7-day series that ends on the
 * price and starts where the 7-day change says.
 */
export function fakeMarketRow(id: string, factor = 1): FakeMarketRow {
  const next = random(hash(id));
  const basePrice = 10 ** (next() * 8.8 - 4);
  const price = round(basePrice * factor);
  const supply = Math.round(10 ** (6 + next() * 5));
  const change24h = round(next() * 20 - 10, 4);
  const change7d = round(next() * 50 - 25, 4);
  const ath = round(basePrice * (1.1 + next() * 7) * Math.max(factor, 1));
  const athDate = new Date(Date.UTC(2017, 0, 1) + Math.floor(next() * 3200) * DAY);
  const atl = round(basePrice * (0.01 + next() * 0.5));
  const atlDate = new Date(Date.UTC(2015, 0, 1) + Math.floor(next() * 2000) * DAY);
  const cap = Math.round(price * supply);
  const start = price / (1 + change7d / 100);
  const sparkline = Array.from({ length: FAKE_SPARKLINE_POINTS }, (_, index) => {
    if (index === FAKE_SPARKLINE_POINTS - 1) return price;
    const trend = start + ((price - start) * index) / (FAKE_SPARKLINE_POINTS - 1);
    return round(trend * (1 + (next() - 0.5) * 0.02), 8);
  });
  const symbol = id.replaceAll(/[^a-z0-9]/g, '').slice(0, 4) || 'x';
  const name = id
    .split(/[-_.]/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
  return {
    id,
    symbol,
    name,
    image: `https://coin-images.example.test/${encodeURIComponent(id)}/large.png`,
    current_price: price,
    market_cap: cap,
    market_cap_rank: 1 + (hash(`${id}:rank`) % 5000),
    fully_diluted_valuation: Math.round(cap * 1.2),
    total_volume: Math.round(cap * (0.01 + next() * 0.2)),
    high_24h: round(price * 1.03),
    low_24h: round(price * 0.97),
    price_change_24h: round(price - price / (1 + change24h / 100)),
    price_change_percentage_24h: change24h,
    market_cap_change_24h: Math.round(cap - cap / (1 + change24h / 100)),
    market_cap_change_percentage_24h: change24h,
    circulating_supply: supply,
    total_supply: Math.round(supply * 1.2),
    max_supply: hash(`${id}:max`) % 2 === 0 ? Math.round(supply * 1.5) : null,
    ath,
    ath_change_percentage: round(((price - ath) / ath) * 100, 4),
    ath_date: athDate.toISOString(),
    atl,
    atl_change_percentage: round(((price - atl) / atl) * 100, 4),
    atl_date: atlDate.toISOString(),
    roi: null,
    last_updated: new Date(NOW).toISOString(),
    sparkline_in_7d: { price: sparkline },
    price_change_percentage_7d_in_currency: change7d,
  };
}

/** What CoinGecko puts in a failure's body. */
const statusBody = (code: number, message: string): string =>
  JSON.stringify({ status: { error_code: code, error_message: message } });

export async function startFakeMarketProvider(
  options: { port?: number; host?: string } = {},
): Promise<FakeMarketProvider> {
  const host = options.host ?? '127.0.0.1';
  let mode: FakeMarketMode = 'healthy';
  let modeOptions: FakeMarketModeOptions = {};
  let healthyCallsLeft = 0;
  let priceFactor = 1;
  let missingIds: ReadonlySet<string> | undefined;
  let transform: ((row: FakeMarketRow) => unknown) | undefined;
  const requests: FakeMarketRequest[] = [];
  const held: { res: ServerResponse; url: URL }[] = [];
  const heldWaiters: { count: number; resolve: () => void }[] = [];

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ): void => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body);
  };

  const healthyBody = (url: URL, ids: string[], leaveOut: ReadonlySet<string>): string => {
    const sparkline = url.searchParams.get('sparkline') === 'true';
    const changes = (url.searchParams.get('price_change_percentage') ?? '').split(',');
    // The provider pages its answer: 100 rows by default, 250 at most, sorted by market cap.
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page')) || 100, 1), 250);
    const page = Math.max(Number(url.searchParams.get('page')) || 1, 1);
    const rows = [...new Set(ids)]
      .filter((id) => id !== '' && !leaveOut.has(id) && !isUnlistedCoin(id))
      .map((id) => {
        const row = fakeMarketRow(id, priceFactor);
        // Only what was asked for, as the provider does.
        if (!sparkline) delete row.sparkline_in_7d;
        if (!changes.includes('7d')) delete row.price_change_percentage_7d_in_currency;
        return row;
      })
      .sort((a, b) => b.market_cap - a.market_cap)
      .slice((page - 1) * perPage, page * perPage);
    // The largest coins, asked for without ids: ranked in the order of the answer.
    if (!url.searchParams.has('ids')) {
      rows.forEach((row, index) => {
        row.market_cap_rank = (page - 1) * perPage + index + 1;
      });
    }
    return JSON.stringify(transform === undefined ? rows : rows.map(transform));
  };

  const answerHealthy = (res: ServerResponse, url: URL, ids: string[]): void => {
    send(res, 200, healthyBody(url, ids, new Set()));
  };

  const notifyHeld = (): void => {
    for (const waiter of [...heldWaiters]) {
      if (held.length >= waiter.count) {
        heldWaiters.splice(heldWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const release = (): void => {
    for (const { res, url } of held.splice(0)) {
      answerHealthy(res, url, (url.searchParams.get('ids') ?? '').split(','));
    }
  };

  const reset = (): void => {
    mode = 'healthy';
    modeOptions = {};
    healthyCallsLeft = 0;
    priceFactor = 1;
    missingIds = undefined;
    transform = undefined;
    requests.length = 0;
  };

  const control = (res: ServerResponse, method: string, parts: string[]): void => {
    const [command, value = ''] = parts;
    if (method === 'GET' && command === 'calls') {
      send(res, 200, JSON.stringify({ calls: requests.length, mode, held: held.length }));
      return;
    }
    if (method !== 'POST') {
      send(res, 405, '{"error":"POST"}');
      return;
    }
    if (command === 'mode' && (FAKE_MARKET_MODES as readonly string[]).includes(value)) {
      provider.setMode(value as FakeMarketMode);
    } else if (command === 'price-factor' && Number.isFinite(Number(value)) && value !== '') {
      priceFactor = Number(value);
    } else if (command === 'release') {
      release();
    } else if (command === 'reset') {
      reset();
    } else {
      send(res, 400, JSON.stringify({ error: `unknown order ${parts.join('/')}` }));
      return;
    }
    send(res, 200, JSON.stringify({ mode, priceFactor }));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const parts = url.pathname.split('/').filter((part) => part !== '');
    if (parts[0] === '__fake') {
      control(res, req.method ?? 'GET', parts.slice(1));
      return;
    }
    if (url.pathname !== '/api/v3/coins/markets') {
      send(res, 404, '{"error":"Not found"}');
      return;
    }
    if (!url.searchParams.get('vs_currency')) {
      send(res, 400, '{"error":"Missing parameter vs_currency"}');
      return;
    }
    const ids = url.searchParams.has('ids')
      ? (url.searchParams.get('ids') ?? '').split(',')
      : [...FAKE_TOP_COIN_IDS];
    const answeredAs: FakeMarketMode = healthyCallsLeft > 0 ? 'healthy' : mode;
    if (healthyCallsLeft > 0) healthyCallsLeft -= 1;
    requests.push({ url, ids, headers: req.headers, mode: answeredAs });

    switch (answeredAs) {
      case 'healthy': {
        // Only setMode('healthy', { retryAfter }) sends one: a good page that asks to wait.
        const retryAfter = mode === 'healthy' ? modeOptions.retryAfter : undefined;
        send(
          res,
          200,
          healthyBody(url, ids, new Set()),
          typeof retryAfter === 'string' ? { 'retry-after': retryAfter } : {},
        );
        return;
      }
      case 'slow':
        held.push({ res, url });
        notifyHeld();
        return;
      case 'rate-limited': {
        const retryAfter = modeOptions.retryAfter === undefined ? '30' : modeOptions.retryAfter;
        send(
          res,
          modeOptions.status ?? 429,
          statusBody(429, "You've exceeded the Rate Limit."),
          retryAfter === null ? {} : { 'retry-after': retryAfter },
        );
        return;
      }
      case 'error': {
        const retryAfter = modeOptions.retryAfter ?? null;
        send(
          res,
          modeOptions.status ?? 500,
          statusBody(modeOptions.status ?? 500, 'Internal server error'),
          retryAfter === null ? {} : { 'retry-after': retryAfter },
        );
        return;
      }
      case 'invalid-json':
        send(res, 200, '[{"id":"bitcoin","current_price":');
        return;
      case 'not-a-list':
        send(res, 200, statusBody(10002, 'API key missing'));
        return;
      case 'missing-coins': {
        const leaveOut = missingIds ?? new Set(ids.slice(0, 1));
        send(res, 200, healthyBody(url, ids, leaveOut));
        return;
      }
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  const provider: FakeMarketProvider = {
    baseUrl: `http://${urlHost}:${port}/api/v3`,
    get mode() {
      return mode;
    },
    setMode(next, nextOptions = {}) {
      mode = next;
      modeOptions = nextOptions;
      healthyCallsLeft = nextOptions.afterCalls ?? 0;
    },
    setPriceFactor(factor) {
      if (!(Number.isFinite(factor) && factor > 0)) {
        throw new RangeError(`price factor must be a positive number, not ${factor}`);
      }
      priceFactor = factor;
    },
    setMissingIds(ids) {
      missingIds = ids === undefined ? undefined : new Set(ids);
    },
    setRowTransform(next) {
      transform = next;
    },
    requests,
    get calls() {
      return requests.length;
    },
    get held() {
      return held.length;
    },
    whenHeld(count = 1) {
      if (held.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => {
        heldWaiters.push({ count, resolve });
      });
    },
    release,
    reset,
    close() {
      return new Promise<void>((resolve) => {
        held.length = 0;
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      });
    },
  };
  return provider;
}

function portFromCommandLine(): number {
  const index = process.argv.indexOf('--port');
  const raw = (index === -1 ? undefined : process.argv[index + 1]) ?? process.env.FAKE_MARKET_PORT;
  const port = Number(raw ?? '54329');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`--port must be a port number, not "${raw ?? ''}"`);
  }
  return port;
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  const provider = await startFakeMarketProvider({ port: portFromCommandLine() });
  console.log(`Fake market provider at ${provider.baseUrl} (COINGECKO_BASE_URL); Ctrl-C stops it.`);
  const stop = (): void => {
    void provider.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
