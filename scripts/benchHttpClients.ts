import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// bench-rest.ts's HTTP clients, in a worker thread of their own: a browser reading the stack
// is not on the server's thread, so the server's event loop serves requests and nothing else,
// as the raw-SQL reader's does. node:http with keep-alive sockets rather than fetch: the
// client is the instrument, and undici's fetch (web streams) cost 0.76 ms of CPU a request
// here against 0.48 ms, taken from the same two cores the server and the database share.

export interface HttpLoad {
  url: string;
  headers: Record<string, string>;
  clients: number;
  /** Requests in all, split between the clients. */
  requests: number;
  /** Requests per client before the measure starts, from all the clients at once. */
  warmUp: number;
}

export interface Driven {
  /** Each request's time, in ms, in the order they ended. */
  latencies: number[];
  seconds: number;
  /** What the last call returned (rows read). */
  rows: number;
}

/**
 * Calls `once` from `clients` concurrent loops, `warmUp` times each, then `requests` times in
 * all: the load of every line of bench-rest.ts, whether HTTP here or raw SQL on the main thread.
 * The warm-up runs at the measure's own concurrency so that each line starts with what that
 * load keeps open: a warm-up of one client left the database pool one connection, and the first
 * line measured then paid for opening the other nine (new Postgres sessions, their first
 * queries), which the lines after it found open.
 */
export async function drive(
  once: () => Promise<number>,
  { clients, requests, warmUp }: Pick<HttpLoad, 'clients' | 'requests' | 'warmUp'>,
): Promise<Driven> {
  let rows = 0;
  const latencies: number[] = [];
  const loops = (each: number) =>
    Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < each; i++) {
          const begin = performance.now();
          rows = await once();
          latencies.push(performance.now() - begin);
        }
      }),
    );
  await loops(warmUp);
  latencies.length = 0;
  const started = performance.now();
  await loops(requests / clients);
  return { latencies, seconds: (performance.now() - started) / 1000, rows };
}

/** Reads `url` as bench-rest.ts's HTTP clients: every answer must be 200, a JSON array. */
async function readOver(load: HttpLoad): Promise<Driven> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.clients });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const sent = request(load.url, { headers: load.headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${load.url} answered ${String(response.statusCode)}`));
            return;
          }
          // A throw in this listener would end the worker without settling the request.
          try {
            const rows: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve(Array.isArray(rows) ? rows.length : 0);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      sent.on('error', reject);
      sent.end();
    });
  try {
    return await drive(once, load);
  } finally {
    agent.destroy();
  }
}

if (parentPort !== null) parentPort.postMessage(await readOver(workerData as HttpLoad));
