import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { adminQuery, createScratchDatabase, postgresUrl } from './scratchDatabase.ts';

// Every suite runs twice: on PGlite in memory, and on a fresh database of a real Postgres when
// one answers at DATABASE_URL (or the local default). Each test file gets its own database,
// dropped when the file is done. A migrated one is a copy of what globalSetup.ts migrated once
// for the whole run.

export { postgresUrl };

export type TargetName = 'pglite' | 'postgres';

interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

interface Target {
  name: TargetName;
  /** Why this target cannot run here, when it cannot. */
  unavailable: string | undefined;
  /** An empty database, or with `migrated` one with the bootstrap and the migrations applied. */
  create(migrated: boolean): Promise<TestDatabase>;
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

async function postgresUnavailable(): Promise<string | undefined> {
  try {
    await adminQuery('select 1');
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `no Postgres at ${withoutPassword(postgresUrl)} (${reason})`;
  }
}

const pgliteTarget: Target = {
  name: 'pglite',
  unavailable: undefined,
  async create(migrated) {
    const image = migrated
      ? new Blob([new Uint8Array(await readFile(inject('pgliteImageFile')))])
      : undefined;
    const db = await openDatabase(image === undefined ? {} : { image });
    return { db, drop: () => db.close() };
  },
};

const postgresTarget: Target = {
  name: 'postgres',
  unavailable: await postgresUnavailable(),
  create(migrated) {
    if (!migrated) return createScratchDatabase('blockademia_test');
    const template = inject('postgresTemplate');
    if (template === '') throw new Error('No migrated template: no Postgres answered at start.');
    return createScratchDatabase('blockademia_test', template);
  },
};

export const targets: readonly Target[] = [pgliteTarget, postgresTarget];

export interface SuiteContext {
  /** The database of this suite (available from the suite's own beforeAll hooks on). */
  db(): Database;
  target: TargetName;
}

/**
 * Declares the suite once per target, each on a fresh database, with the bootstrap and the
 * migrations applied unless `prepare` is false. An unavailable target is declared as skipped,
 * with the reason in its title. `only` declares it on one target: a long suite split into one
 * file per target runs on both at once, in two workers.
 */
export function describeOnEachDatabase(
  title: string,
  body: (context: SuiteContext) => void,
  { prepare = true, only }: { prepare?: boolean; only?: TargetName } = {},
): void {
  for (const target of targets.filter(({ name }) => only === undefined || name === only)) {
    const label = `${title} [${target.name}]`;
    if (target.unavailable !== undefined) {
      describe.skip(`${label}: skipped, ${target.unavailable}`, () => {
        body({ db: () => unreachable(target), target: target.name });
      });
      continue;
    }
    describe(label, () => {
      let testDatabase: TestDatabase | undefined;
      beforeAll(async () => {
        testDatabase = await target.create(prepare);
      });
      afterAll(async () => {
        await testDatabase?.drop();
      });
      body({
        db: () => {
          if (testDatabase === undefined) throw new Error(`${label}: database not created yet.`);
          return testDatabase.db;
        },
        target: target.name,
      });
    });
  }
}

function unreachable(target: Target): never {
  throw new Error(`${target.name} is unavailable: ${target.unavailable ?? ''}`);
}
