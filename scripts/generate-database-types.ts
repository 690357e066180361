/**
 * `npm run types:database`: applies supabase/migrations to an empty in-memory database and
 * writes the `Database` type supabase-js is typed with to shared/database.types.ts.
 */
import { writeFile } from 'node:fs/promises';
import { openDatabase } from '../server/db/database.ts';
import { prepareDatabase } from '../server/db/migrate.ts';
import { DATABASE_TYPES_FILE, formattedDatabaseTypes } from './databaseTypesFile.ts';

const db = await openDatabase();
try {
  await prepareDatabase(db);
  await writeFile(DATABASE_TYPES_FILE, await formattedDatabaseTypes(db));
  console.log(`Wrote ${DATABASE_TYPES_FILE}`);
} finally {
  await db.close();
}
