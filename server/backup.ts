import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig, type StackConfig } from './config.ts';
import { checkDataFolder, databaseDir, DataFolderError } from './dataFolder.ts';
import { DataFolderInUseError, lockDataDir, unlockDataDir } from './dataLock.ts';
import { openDatabase } from './db/database.ts';
import { fail } from './start.ts';

// `npm run backup [-- <folder>]`: a consistent copy of the PGlite database, the uploaded files
// and the JWT secret, into backups/<time>/ or the folder given. Restoring is replacing the data
// folder by that copy, the stack stopped (README.md).
//
// Consistent because nothing writes meanwhile: the backup takes the data folder's lock, so it
// refuses while the stack (or the admin command) runs rather than copying files PGlite is
// writing. It opens the database once and closes it before copying: Postgres replays the
// write-ahead log of a stack that was killed and writes a checkpoint on close, so the copy is
// of a cleanly closed database, and a folder PGlite cannot open is reported, not copied.
// With DATABASE_URL the database is not in the folder: pg_dump backs it up (server/README.md).

/** What is copied from the data folder; the lock file is not. */
const PARTS = ['db', 'storage', 'jwt-secret'] as const;

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Copies config's data folder into target (default: backups/<time> under cwd); returns it. */
export async function backupDataFolder(
  config: Pick<StackConfig, 'dataDir' | 'databaseUrl'>,
  target: string = path.resolve('backups', timestamp(new Date())),
): Promise<string> {
  if (config.databaseUrl !== undefined) {
    throw new BackupError(
      'DATABASE_URL is set: the database is in that Postgres, not in the data folder. Back it ' +
        `up with pg_dump "$DATABASE_URL" > blockademia.sql, and copy ${path.join(config.dataDir, 'storage')} ` +
        'and jwt-secret (if any) beside it.',
    );
  }
  const { dataDir } = config;
  await checkDataFolder(dataDir);
  if ((await entriesOf(databaseDir(dataDir))).length === 0) {
    throw new BackupError(`${databaseDir(dataDir)} holds no database: nothing to back up.`);
  }
  if ((await entriesOf(target)).length > 0) {
    throw new BackupError(`${target} already holds files: name a new folder.`);
  }
  try {
    // No wait: a holder is most likely a running stack, which a wait would not outlast.
    await lockDataDir(dataDir, { waitMs: 0 });
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    throw new BackupError(
      `Process ${error.owner} (the local stack or the admin command) is using ${dataDir}: ` +
        'stop it first (Ctrl-C), then run npm run backup again.',
    );
  }
  // Half a copy must never look like a backup: it gets its name once complete.
  const partial = `${target}.partial`;
  try {
    const db = await openDatabase({ dataDir: databaseDir(dataDir) }).catch((error: unknown) => {
      throw new DataFolderError(
        `PGlite could not open ${databaseDir(dataDir)}, so it was not backed up: ` +
          (error instanceof Error ? error.message : String(error)),
        { cause: error },
      );
    });
    await db.close();
    await rm(partial, { recursive: true, force: true });
    const present = new Set(await entriesOf(dataDir));
    for (const part of PARTS) {
      if (!present.has(part)) continue;
      // preserveTimestamps and the files' modes (jwt-secret stays 0600) come with cp.
      await cp(path.join(dataDir, part), path.join(partial, part), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
    await rename(partial, target);
    return target;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await unlockDataDir(dataDir);
  }
}

/** 2026-05-01T12-30-00Z: sorts by time, and has no colon, which Windows refuses in names. */
function timestamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function main(args: readonly string[]): Promise<void> {
  if (args.length > 1) {
    console.error('Usage: npm run backup [-- <new folder>]');
    process.exit(2);
  }
  const config = readConfig();
  const target = await backupDataFolder(
    config,
    args[0] === undefined ? undefined : path.resolve(args[0]),
  );
  console.log(
    `Backed up ${config.dataDir} into ${target}. To restore: stop the stack, then replace ` +
      `${config.dataDir} by a copy of ${target}.`,
  );
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main(process.argv.slice(2)).catch(fail);
}
