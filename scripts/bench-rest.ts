// The REST layer under load: the token list (every sheet, with its market row embedded) read by
// 50 concurrent clients through /rest/v1, on PGlite and on a real Postgres, next to the same
// rows read by raw SQL with the same concurrency; then by one client at a time, which shows a
// request's own latency without the queue. Prints requests per second, p50 and p99.
// The HTTP client runs in this process, as the raw-SQL reader does: under load both share the
// machine's cores with the database, so the REST side also pays for sending the request and
// parsing the 36 KB answer, which a raw-SQL caller never does. So a third line serves the same
// answer's bytes from a server that does nothing else, to the same client: the most any HTTP
// layer could reach here, which puts the REST figure between its two bounds.
//   npm run bench:rest      (DATABASE_URL: the Postgres to create a scratch database in)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStack } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { prepareDatabase } from '../server/db/migrate.ts';
import { deriveApiKeys } from '../server/keys.ts';
import { seedFromContent } from '../server/seed/load.ts';
import { onEachDatabase, stopServer } from './benchDatabases.ts';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 20;
const WARM_UP = 20;
const JWT_SECRET = randomBytes(32).toString('hex');

const LIST_PATH =
  '/rest/v1/tokens?select=id,symbol,name,rank,token_market(price_usd,market_cap_usd,change_24h_pct)' +
  '&order=rank.asc.nullslast,id.asc';
const LIST_SQL = `select t.id, t.symbol, t.name, t.rank,
  (select to_jsonb(m) from (select price_usd, market_cap_usd, change_24h_pct
     from public.token_market where token_id = t.id) m) as token_market
  from public.tokens t order by t.rank asc nulls last, t.id asc`;

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: readonly number[], share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

/** Runs `once` from `clients` concurrent loops, for CLIENTS × REQUESTS_PER_CLIENT calls. */
async function load(
  once: () => Promise<number>,
  clients = CLIENTS,
): Promise<Run & { rows: number }> {
  let rows = 0;
  for (let i = 0; i < WARM_UP; i++) rows = await once();
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < (CLIENTS * REQUESTS_PER_CLIENT) / clients; i++) {
        const begin = performance.now();
        rows = await once();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rows,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

async function prepared(db: Database): Promise<void> {
  await prepareDatabase(db);
  await seedFromContent(db);
  // Market rows as the refresh function would write them, so the embed carries data.
  await db.exec(`insert into public.token_market (token_id, price_usd, market_cap_usd, change_24h_pct)
    select id, 1 + random() * 1000, 1e6 + random() * 1e9, random() * 10 - 5 from public.tokens
    on conflict (token_id) do nothing`);
}

async function measure(name: string, db: Database): Promise<void> {
  await prepared(db);
  const server = createStack({ db, jwtSecret: JWT_SECRET });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const { anonKey } = deriveApiKeys(JWT_SECRET);
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  try {
    const restOnce = async () => {
      const response = await fetch(`http://127.0.0.1:${port}${LIST_PATH}`, { headers });
      if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
      return ((await response.json()) as unknown[]).length;
    };
    const sqlOnce = async () => (await db.query(LIST_SQL)).rows.length;
    const answer = await (await fetch(`http://127.0.0.1:${port}${LIST_PATH}`, { headers })).text();
    const still = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(answer);
    });
    await new Promise<void>((resolve) => {
      still.listen(0, '127.0.0.1', resolve);
    });
    const stillOrigin = `http://127.0.0.1:${(still.address() as AddressInfo).port}`;
    const stillOnce = async () => {
      const response = await fetch(`${stillOrigin}${LIST_PATH}`, { headers });
      return ((await response.json()) as unknown[]).length;
    };
    const line = (label: string, run: Run & { rows: number }) =>
      `  ${label.padEnd(22)} ${run.rows} rows  ${run.perSecond.toFixed(0).padStart(6)} req/s` +
      `  p50 ${run.p50.toFixed(1).padStart(6)} ms  p99 ${run.p99.toFixed(1).padStart(6)} ms`;
    console.log(`${name}: ${CLIENTS * REQUESTS_PER_CLIENT} reads each`);
    console.log(line(`/rest/v1, ${CLIENTS} clients`, await load(restOnce)));
    console.log(line(`raw SQL, ${CLIENTS} clients`, await load(sqlOnce)));
    console.log(line(`same bytes, idle HTTP`, await load(stillOnce)));
    await stopServer(still);
    console.log(line('/rest/v1, 1 client', await load(restOnce, 1)));
    console.log(line('raw SQL, 1 client', await load(sqlOnce, 1)));
  } finally {
    await stopServer(server);
  }
}

await onEachDatabase(measure);
