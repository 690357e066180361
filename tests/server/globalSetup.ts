import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, quoteIdentifier } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/db/migrate.ts';
import { adminQuery, postgresUrl } from './scratchDatabase.ts';

// Every server test file needs a migrated database of its own, on PGlite and on Postgres.
// Creating and migrating one costs seconds on PGlite (most of it the empty database's initdb),
// so the suite migrates once here: a PGlite image that each file loads, and a Postgres template
// each file's database is copied from (`create database … template`). Both go when the run ends.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite image (Database.image()). */
    pgliteImageFile: string;
    /** The migrated Postgres database to copy, or '' when no Postgres answers. */
    postgresTemplate: string;
  }
}

async function postgresTemplate(): Promise<string> {
  try {
    await adminQuery('select 1');
  } catch {
    // No Postgres here: its suites are declared skipped (databases.ts says why).
    return '';
  }
  const name = `blockademia_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${quoteIdentifier(name)}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  try {
    await prepareDatabase(db);
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await db.close();
  }
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'blockademia-server-tests-'));
  const imageFile = path.join(folder, 'migrated.tar');
  const [template] = await Promise.all([
    postgresTemplate(),
    (async () => {
      const db = await openDatabase();
      await prepareDatabase(db);
      const image = await db.image?.();
      await db.close();
      if (image === undefined) throw new Error('PGlite gave no image of its data folder.');
      await writeFile(imageFile, Buffer.from(await image.arrayBuffer()));
    })(),
  ]);
  project.provide('pgliteImageFile', imageFile);
  project.provide('postgresTemplate', template);
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (template !== '') {
      await adminQuery(`drop database if exists ${quoteIdentifier(template)} with (force)`);
    }
  };
}
