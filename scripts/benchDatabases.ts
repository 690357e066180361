import type { Server } from 'node:http';
import { type Database, openDatabase } from '../server/db/database.ts';
import {
  createScratchDatabase,
  postgresUrl,
  type ScratchDatabase,
} from '../tests/server/scratchDatabase.ts';

// What the stack's benchmarks (bench-rest.ts, bench-hostile.ts) share: the same measure on
// PGlite in memory, then on a scratch database of DATABASE_URL's Postgres (skipped, with the
// reason, when none answers), and a server stopped with its open connections.

export async function onEachDatabase(
  measure: (name: string, db: Database) => Promise<void>,
): Promise<void> {
  const pglite = await openDatabase();
  try {
    await measure('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }
  let scratch: ScratchDatabase;
  try {
    scratch = await createScratchDatabase('blockademia_bench');
  } catch (error) {
    console.log(`Postgres: skipped (${error instanceof Error ? error.message : String(error)})`);
    return;
  }
  try {
    await measure(`Postgres (${new URL(postgresUrl).host})`, scratch.db);
  } finally {
    await scratch.drop();
  }
}

export async function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}
