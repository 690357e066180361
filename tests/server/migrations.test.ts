import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { listMigrations, prepareDatabase, type Migration } from '../../server/db/migrate.ts';
import { describeOnEachDatabase } from './databases.ts';

interface RecordedMigration {
  version: string;
  name: string;
  statements: string[];
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'blockademia-migrations-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

it('lists the migration files in file-name order with the version and name the CLI records', async () => {
  const migrations = await listMigrations();
  expect(migrations.length).toBeGreaterThanOrEqual(6);
  const versions = migrations.map((migration) => migration.version);
  expect(versions).toEqual([...versions].sort());
  expect(migrations[0]).toMatchObject({ version: '20261122000001', name: 'roles_and_profiles' });
});

it('refuses a migration file whose name does not start with a timestamp', async () => {
  const folder = await mkdtemp(path.join(scratch, 'bad-name-'));
  await writeFile(path.join(folder, 'add_things.sql'), 'select 1;');
  await expect(listMigrations(folder)).rejects.toThrow(/add_things\.sql does not match/);
});

it('keeps a PGlite database in its data folder across restarts', async () => {
  const dataDir = path.join(scratch, 'pglite-data');
  const first = await openDatabase({ dataDir });
  try {
    expect((await prepareDatabase(first)).length).toBe((await listMigrations()).length);
    await first.query(
      `insert into public.tokens (id, symbol, name) values ('bitcoin', 'BTC', 'Bitcoin')`,
    );
  } finally {
    await first.close();
  }
  const second = await openDatabase({ dataDir });
  try {
    expect(await prepareDatabase(second)).toEqual([]);
    const { rows } = await second.query('select id from public.tokens');
    expect(rows).toEqual([{ id: 'bitcoin' }]);
  } finally {
    await second.close();
  }
});

describeOnEachDatabase(
  'migrations',
  ({ db }) => {
    let firstRun: Migration[];
    beforeAll(async () => {
      firstRun = await prepareDatabase(db());
    });

    const recorded = async (): Promise<RecordedMigration[]> =>
      (
        await db().query<RecordedMigration>(
          'select version, name, statements from supabase_migrations.schema_migrations order by version',
        )
      ).rows;

    it('applies every migration file on a fresh database and records each one', async () => {
      const files = await listMigrations();
      expect(firstRun.map((migration) => migration.version)).toEqual(
        files.map((file) => file.version),
      );
      const rows = await recorded();
      expect(rows.map(({ version, name }) => ({ version, name }))).toEqual(
        files.map(({ version, name }) => ({ version, name })),
      );
      const firstFile = files[0];
      if (firstFile === undefined) throw new Error('no migration files');
      expect(rows[0]?.statements).toEqual([await readFile(firstFile.file, 'utf8')]);
    });

    it('applies nothing more when run again, and records each version once', async () => {
      expect(await prepareDatabase(db())).toEqual([]);
      expect(await prepareDatabase(db())).toEqual([]);
      const rows = await recorded();
      const files = await listMigrations();
      expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
    });

    it('rolls a failing migration back, keeps the ones before it and records only those', async () => {
      const folder = await mkdtemp(path.join(scratch, 'failing-'));
      await writeFile(
        path.join(folder, '29990101000001_good.sql'),
        'create table public.migration_probe_good (id integer primary key);',
      );
      await writeFile(
        path.join(folder, '29990101000002_broken.sql'),
        'create table public.migration_probe_partial (id integer); select 1 / 0;',
      );

      await expect(prepareDatabase(db(), { migrationsDir: folder })).rejects.toThrow(
        /29990101000002_broken\.sql failed: division by zero/,
      );

      const versions = (await recorded()).map((row) => row.version);
      expect(versions).toContain('29990101000001');
      expect(versions).not.toContain('29990101000002');
      const tables = await db().query<{ good: string | null; partial: string | null }>(
        `select to_regclass('public.migration_probe_good')::text as good,
                to_regclass('public.migration_probe_partial')::text as partial`,
      );
      expect(tables.rows[0]).toEqual({ good: 'migration_probe_good', partial: null });

      await db().exec(`
        drop table public.migration_probe_good;
        delete from supabase_migrations.schema_migrations where version like '2999%';
      `);
    });
  },
  { prepare: false },
);
