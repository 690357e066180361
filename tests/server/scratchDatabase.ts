import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, quoteIdentifier, type Database } from '../../server/db/database.ts';

// Fresh databases on a real Postgres server, for the server suite and the REST benchmark. Kept
// free of Vitest so that scripts can use it too.

export const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on the server's own database (create, drop, a probe). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  db: Database;
  /** Its connection URL, for a child process. */
  url: string;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
}

/**
 * A new database named `<prefix>_<random>`, opened with the server's pool: empty, or a copy of
 * the template database when one is named.
 */
export async function createScratchDatabase(
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const copy = template === undefined ? '' : ` template ${quoteIdentifier(template)}`;
  await adminQuery(`create database ${quoteIdentifier(name)}${copy}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await adminQuery(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    },
  };
}
