import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The SQL that creates what hosted Supabase already has, run in file-name order. */
export const defaultBootstrapDir = path.join(here, 'bootstrap');
/** The project's migrations, in the Supabase CLI's layout. */
export const defaultMigrationsDir = path.resolve(here, '../../supabase/migrations');

export interface Migration {
  /** The timestamp prefix of the file name, as the Supabase CLI records it. */
  version: string;
  /** The rest of the file name, without `.sql`. */
  name: string;
  file: string;
}

export interface PrepareOptions {
  bootstrapDir?: string;
  migrationsDir?: string;
}

// Any constant works: every start takes this lock, so two processes preparing the same
// database do not apply a migration twice. Advisory locks are per database.
const MIGRATION_LOCK = 7_317_004;
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** The migration files of a folder, in file-name order. */
export async function listMigrations(migrationsDir = defaultMigrationsDir): Promise<Migration[]> {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = MIGRATION_FILE.exec(file);
    if (match?.[1] === undefined || match[2] === undefined) {
      throw new Error(`Migration file ${file} does not match <timestamp>_<name>.sql.`);
    }
    return { version: match[1], name: match[2], file: path.join(migrationsDir, file) };
  });
}

/** Runs the bootstrap; safe on every start. */
export async function bootstrap(db: Database, bootstrapDir = defaultBootstrapDir): Promise<void> {
  const files = (await readdir(bootstrapDir)).filter((file) => file.endsWith('.sql')).sort();
  const scripts = await Promise.all(
    files.map((file) => readFile(path.join(bootstrapDir, file), 'utf8')),
  );
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    for (const script of scripts) await tx.exec(script);
  });
}

/**
 * Creates what hosted Supabase already has, then applies each migration not yet recorded in
 * supabase_migrations.schema_migrations, each in its own transaction together with its record.
 * Returns the migrations applied by this call. A failing migration is rolled back and stops the
 * run; the ones before it stay applied.
 */
export async function prepareDatabase(
  db: Database,
  options: PrepareOptions = {},
): Promise<Migration[]> {
  await bootstrap(db, options.bootstrapDir);
  const migrations = await listMigrations(options.migrationsDir);
  const applied: Migration[] = [];
  for (const migration of migrations) {
    const sql = await readFile(migration.file, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const recorded = await tx.query(
        'select 1 from supabase_migrations.schema_migrations where version = $1',
        [migration.version],
      );
      if (recorded.rows.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Migration ${path.basename(migration.file)} failed: ${describe(error)}`, {
          cause: error,
        });
      }
      // The CLI stores the statements one by one; the whole file as one entry replays the same.
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [sql]],
      );
      return true;
    });
    if (ran) applied.push(migration);
  }
  return applied;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
