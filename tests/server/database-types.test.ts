import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/db/migrate.ts';
import { DATABASE_TYPES_FILE, formattedDatabaseTypes } from '../../scripts/databaseTypesFile.ts';

// supabase-js in the renderer is typed by shared/database.types.ts: a migration that changes the
// schema without `npm run types:database` would leave the pages typed against a schema that no
// longer exists.

let db: Database;

beforeAll(async () => {
  db = await openDatabase();
  await prepareDatabase(db);
});

afterAll(async () => {
  await db.close();
});

it('shared/database.types.ts is what npm run types:database generates from the migrations', async () => {
  const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
  expect(committed, 'run `npm run types:database` and commit the result').toBe(
    await formattedDatabaseTypes(db),
  );
});

it('types every table of the public schema, with embeds through its foreign keys', async () => {
  const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
  const tables = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public'",
  );
  for (const { name } of tables.rows) expect(committed).toContain(`      ${name}: {`);
  expect(committed).toContain("foreignKeyName: 'token_market_token_id_fkey'");
});
