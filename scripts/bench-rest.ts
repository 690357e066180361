// The REST layer under load: the token list (every sheet, with its market row embedded) read by
// 50 concurrent clients through /rest/v1, on PGlite and on a real Postgres, next to the same
// rows read by raw SQL with the same concurrency; then by one client at a time, which shows a
// request's own latency without the queue. Prints requests per second, p50 and p99.
// The HTTP clients run in a worker thread (benchHttpClients.ts), the raw-SQL reader on this
// one; all of them share the machine's cores with the database, so the REST side also pays for
// sending each request and parsing the 36 KB answer, which a raw-SQL caller never does. So a
// third line serves the same answer's bytes from a server that does nothing else, to the same
// clients: the most any HTTP layer could reach here, which puts the REST figure between its
// two bounds.
//   npm run bench:rest      (DATABASE_URL: the Postgres to create a scratch database in)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createStack } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { prepareDatabase } from '../server/db/migrate.ts';
import { deriveApiKeys } from '../server/keys.ts';
import { seedFromContent } from '../server/seed/load.ts';
import { onEachDatabase, stopServer } from './benchDatabases.ts';
import { drive, type Driven, type HttpLoad } from './benchHttpClients.ts';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 20;
/** Requests before each line's measure, split between its clients. */
const WARM_UP = 100;
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

const summary = ({ latencies, seconds, rows }: Driven): Run & { rows: number } => {
  const sorted = latencies.toSorted((a, b) => a - b);
  return {
    rows,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
};

const shape = (clients: number) => ({
  clients,
  requests: CLIENTS * REQUESTS_PER_CLIENT,
  warmUp: Math.ceil(WARM_UP / clients),
});

/** Raw SQL on this thread, through the stack's own pool. */
async function loadSql(read: () => Promise<number>, clients = CLIENTS) {
  return summary(await drive(read, shape(clients)));
}

/** HTTP reads of url from a worker thread (scripts/benchHttpClients.ts says why). */
async function loadHttp(url: string, headers: Record<string, string>, clients = CLIENTS) {
  const load: HttpLoad = { url, headers, ...shape(clients) };
  const worker = new Worker(new URL('./benchHttpClients.ts', import.meta.url), {
    workerData: load,
  });
  const [driven] = (await once(worker, 'message')) as [Driven];
  await worker.terminate();
  return summary(driven);
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
    const restUrl = `http://127.0.0.1:${port}${LIST_PATH}`;
    const sqlOnce = async () => (await db.query(LIST_SQL)).rows.length;
    const answer = await (await fetch(restUrl, { headers })).text();
    const still = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(answer);
    });
    await new Promise<void>((resolve) => {
      still.listen(0, '127.0.0.1', resolve);
    });
    const stillUrl = `http://127.0.0.1:${(still.address() as AddressInfo).port}${LIST_PATH}`;
    const line = (label: string, run: Run & { rows: number }) =>
      `  ${label.padEnd(22)} ${run.rows} rows  ${run.perSecond.toFixed(0).padStart(6)} req/s` +
      `  p50 ${run.p50.toFixed(1).padStart(6)} ms  p99 ${run.p99.toFixed(1).padStart(6)} ms`;
    console.log(`${name}: ${CLIENTS * REQUESTS_PER_CLIENT} reads each`);
    console.log(line(`/rest/v1, ${CLIENTS} clients`, await loadHttp(restUrl, headers)));
    console.log(line(`raw SQL, ${CLIENTS} clients`, await loadSql(sqlOnce)));
    console.log(line(`same bytes, idle HTTP`, await loadHttp(stillUrl, headers)));
    await stopServer(still);
    console.log(line('/rest/v1, 1 client', await loadHttp(restUrl, headers, 1)));
    console.log(line('raw SQL, 1 client', await loadSql(sqlOnce, 1)));
  } finally {
    await stopServer(server);
  }
}

await onEachDatabase(measure);
