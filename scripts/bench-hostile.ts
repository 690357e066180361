// The stack under attack: the p99 of a health check and of a one-row read while ten hostile
// requests keep running, on PGlite and on a real Postgres. Two kinds of attack, one at a time:
// reads of embeds nested seven levels deep, and sign-ins with wrong passwords (bcrypt).
// Aim: both p99 under 500 ms. Prints figures; asserts nothing.
//   npm run bench:hostile     (DATABASE_URL: the Postgres to create a scratch database in)
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createStack } from '../server/app.ts';
import { authService } from '../server/auth/service.ts';
import type { Database } from '../server/db/database.ts';
import { prepareDatabase } from '../server/db/migrate.ts';
import { deriveApiKeys } from '../server/keys.ts';
import { createOutbox } from '../server/mail/outbox.ts';
import { seedFromContent } from '../server/seed/load.ts';
import { nestedEmbeds } from '../tests/server/nestedEmbeds.ts';
import { onEachDatabase, stopServer } from './benchDatabases.ts';

const HOSTILE = 10;
const PROBES = 100;
const JWT_SECRET = randomBytes(32).toString('hex');

const percentile = (sorted: readonly number[], share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

async function measure(name: string, db: Database): Promise<void> {
  await prepareDatabase(db);
  await seedFromContent(db);
  const auth = authService({
    db,
    jwtSecret: JWT_SECRET,
    siteUrl: 'http://127.0.0.1:3000',
    mailer: createOutbox(),
    ipLimits: false,
  });
  const server = createStack({
    db,
    jwtSecret: JWT_SECRET,
    auth,
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const { anonKey } = deriveApiKeys(JWT_SECRET);
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const attacks: Record<string, () => Promise<Response>> = {
    'nested embeds': () => fetch(`${base}/rest/v1/tokens?select=${nestedEmbeds(7)}`, { headers }),
    'wrong passwords': () =>
      fetch(`${base}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#2026pw' }),
      }),
  };
  const probes: Record<string, string> = {
    health: `${base}/auth/v1/health`,
    '1-row read': `${base}/rest/v1/tokens?select=id,name&id=eq.bitcoin`,
  };
  console.log(
    `${name}: p99 (p50) of ${String(PROBES)} probes while ${String(HOSTILE)} hostile requests run`,
  );
  try {
    for (const [attack, send] of Object.entries(attacks)) {
      let running = true;
      let hostileAnswers = 0;
      const statuses = new Set<number>();
      const attackers = Array.from({ length: HOSTILE }, async () => {
        while (running) {
          const response = await send();
          await response.arrayBuffer();
          statuses.add(response.status);
          hostileAnswers += 1;
        }
      });
      const figures: string[] = [];
      for (const [probe, url] of Object.entries(probes)) {
        const latencies: number[] = [];
        for (let i = 0; i < PROBES; i++) {
          const begin = performance.now();
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (response.status !== 200)
            throw new Error(`${probe} answered ${String(response.status)}`);
          latencies.push(performance.now() - begin);
        }
        latencies.sort((a, b) => a - b);
        figures.push(
          `${probe} ${percentile(latencies, 0.99).toFixed(0)} ms (${percentile(latencies, 0.5).toFixed(0)})`,
        );
      }
      running = false;
      await Promise.all(attackers);
      console.log(
        `  ${attack.padEnd(16)} ${figures.join(', ')}; hostile answered ${String(hostileAnswers)} times, status ${[...statuses].join('/')}`,
      );
    }
  } finally {
    await stopServer(server);
  }
}

await onEachDatabase(measure);
