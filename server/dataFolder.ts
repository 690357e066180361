import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { secretFile } from './secret.ts';

// A damaged data folder, found before PGlite opens it, or named when PGlite fails to: PGlite's
// own errors ("Aborted(). Build with -sASSERTIONS", "PGlite failed to initialize properly",
// "ErrnoError { errno: 54 }") say nothing a person can act on, and a database folder emptied
// next to an existing secret would silently become a fresh database.

/** PGlite's own folder inside the data folder. */
export const databaseDir = (dataDir: string): string => path.join(dataDir, 'db');

export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

/** The message for a data folder that cannot be opened: what is wrong, and the two ways out. */
export function damagedDataFolder(
  dataDir: string,
  problem: string,
  cause?: unknown,
): DataFolderError {
  return new DataFolderError(
    `The data folder ${dataDir} is damaged: ${problem}. The local stack cannot use it. Either:\n` +
      `  - restore a backup: stop the stack, then replace ${dataDir} by a copy that ` +
      '`npm run backup` made (in backups/; see "Back up and restore" in README.md), or\n' +
      `  - start afresh: delete ${dataDir} (every account, progress and uploaded file in it is ` +
      'lost; content/ is loaded again at the next start).',
    cause === undefined ? undefined : { cause },
  );
}

/** PGlite's own failure to open the folder, in the same terms, with its original error. */
export function unopenableDataFolder(dataDir: string, cause: unknown): DataFolderError {
  return damagedDataFolder(
    dataDir,
    `PGlite could not open the database in ${databaseDir(dataDir)} (${describe(cause)})`,
    cause,
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  // Emscripten's file-system errors are not Error instances: { name, errno }.
  if (typeof error === 'object' && error !== null) {
    const { name, errno } = error as { name?: unknown; errno?: unknown };
    return `${typeof name === 'string' ? name : 'error'}${typeof errno === 'number' ? ` errno ${errno}` : ''}`;
  }
  return String(error);
}

/** Postgres names WAL segments with 24 hexadecimal digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Throws a DataFolderError when the folder's database is damaged in a way Postgres cannot
 * recover from, or missing although the folder held data. An absent or empty folder without a
 * secret is a first start, and passes.
 */
export async function checkDataFolder(dataDir: string): Promise<void> {
  const dbDir = databaseDir(dataDir);
  const entries = await listing(dbDir);
  if (entries === 'not a folder') {
    throw damagedDataFolder(dataDir, `${dbDir} is a file, where PGlite keeps a folder`);
  }
  if (entries.length === 0) {
    if ((await sizeOf(secretFile(dataDir))) !== undefined) {
      throw damagedDataFolder(
        dataDir,
        `${dbDir} is missing or empty, although ${secretFile(dataDir)} shows the folder held ` +
          'data (opening it would silently start a fresh database)',
      );
    }
    return;
  }
  if (!entries.includes('PG_VERSION')) {
    throw damagedDataFolder(
      dataDir,
      `${dbDir} holds files but no PG_VERSION (PGlite would write a fresh database over them)`,
    );
  }
  const control = path.join(dbDir, 'global', 'pg_control');
  if (!(((await sizeOf(control)) ?? 0) > 0)) {
    throw damagedDataFolder(dataDir, `its control file ${control} is missing or empty`);
  }
  const wal = await listing(path.join(dbDir, 'pg_wal'));
  if (wal === 'not a folder' || !wal.some((name) => WAL_SEGMENT.test(name))) {
    throw damagedDataFolder(
      dataDir,
      `its write-ahead log ${path.join(dbDir, 'pg_wal')} is missing or holds no segment file`,
    );
  }
}

/** A folder's entries; [] when it does not exist. */
async function listing(dir: string): Promise<string[] | 'not a folder'> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') return 'not a folder';
    throw error;
  }
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
