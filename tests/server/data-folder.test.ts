import { cp, mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupDataFolder } from '../../server/backup.ts';
import { readConfig, type StackConfig } from '../../server/config.ts';
import { checkDataFolder, DataFolderError } from '../../server/dataFolder.ts';
import { lockDataDir, lockFile, unlockDataDir } from '../../server/dataLock.ts';
import { openConfiguredDatabase, startLocalStack } from '../../server/start.ts';

// A damaged data folder stops the stack with a message naming the folder and the two ways out;
// a start right after the previous stack was killed waits for it to go; `npm run backup` copies
// a folder that opens again with the same accounts and files.

const PASSWORD = 'Sesame#2026ok';
const EMAIL = 'ada@example.com';
const AVATAR = path.join('storage', 'avatars', 'ada', 'face.txt');
let scratch: string;
/** A data folder the stack has used: one account, one stored file; copied, never changed. */
let used: string;

const configFor = (dataDir: string): StackConfig =>
  readConfig({
    DATA_DIR: dataDir,
    STACK_PORT: '0',
    AUTH_AUTOCONFIRM: 'true',
    MARKET_REFRESH_MINUTES: '0',
  });

const client = (url: string, anonKey: string) =>
  createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'blockademia-folder-'));
  used = path.join(scratch, 'used');
  const stack = await startLocalStack(configFor(used));
  try {
    const { error } = await client(stack.url, stack.anonKey).auth.signUp({
      email: EMAIL,
      password: PASSWORD,
    });
    expect(error).toBeNull();
  } finally {
    await stack.close();
  }
  await mkdir(path.dirname(path.join(used, AVATAR)), { recursive: true });
  await writeFile(path.join(used, AVATAR), 'a picture');
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let copies = 0;
/** A copy of the used folder, damaged by damage. */
async function damaged(damage: (db: string) => Promise<void>): Promise<StackConfig> {
  copies += 1;
  const dataDir = path.join(scratch, `copy-${copies}`);
  await cp(used, dataDir, { recursive: true });
  await damage(path.join(dataDir, 'db'));
  return configFor(dataDir);
}

/** The open fails with the data-folder message, and the lock is released for the next try. */
async function expectDamaged(config: StackConfig, problem: RegExp): Promise<DataFolderError> {
  const error = await openConfiguredDatabase(config).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DataFolderError);
  const { message } = error as DataFolderError;
  expect(message).toContain(`The data folder ${config.dataDir} is damaged`);
  expect(message).toMatch(problem);
  expect(message).toContain('restore a backup');
  expect(message).toContain('npm run backup');
  expect(message).toContain(`start afresh: delete ${config.dataDir}`);
  expect(await readdir(config.dataDir)).not.toContain('pglite.pid');
  return error as DataFolderError;
}

describe('a damaged data folder', () => {
  it('names a missing or empty control file', async () => {
    const missing = await damaged((db) => rm(path.join(db, 'global', 'pg_control')));
    await expectDamaged(missing, /control file .*pg_control is missing or empty/);
    const empty = await damaged((db) => truncate(path.join(db, 'global', 'pg_control'), 0));
    await expectDamaged(empty, /control file .*pg_control is missing or empty/);
  });

  it('names a missing write-ahead log, or one without segments', async () => {
    const missing = await damaged((db) => rm(path.join(db, 'pg_wal'), { recursive: true }));
    await expectDamaged(missing, /write-ahead log .*pg_wal is missing or holds no segment/);
    const emptied = await damaged(async (db) => {
      const wal = path.join(db, 'pg_wal');
      for (const name of await readdir(wal)) {
        if (/^[0-9A-F]{24}$/.test(name)) await rm(path.join(wal, name));
      }
    });
    await expectDamaged(emptied, /write-ahead log .*pg_wal is missing or holds no segment/);
  });

  it('refuses an emptied or missing database next to the secret it was made with', async () => {
    const emptied = await damaged(async (db) => {
      await rm(db, { recursive: true });
      await mkdir(db);
    });
    await expectDamaged(emptied, /db is missing or empty, although .*jwt-secret shows/);
    const missing = await damaged((db) => rm(db, { recursive: true }));
    await expectDamaged(missing, /db is missing or empty/);
    const unversioned = await damaged((db) => rm(path.join(db, 'PG_VERSION')));
    await expectDamaged(unversioned, /holds files but no PG_VERSION/);
  });

  it("wraps PGlite's own failure, keeping it as the cause", async () => {
    const torn = await damaged(async (db) => {
      const wal = path.join(db, 'pg_wal');
      const segment = (await readdir(wal)).find((name) => /^[0-9A-F]{24}$/.test(name)) ?? '';
      await truncate(path.join(wal, segment), 1000);
    });
    const error = await expectDamaged(torn, /PGlite could not open the database in .*db \(.+\)/);
    expect(error.cause).toBeDefined();
    expect(error.message).toContain((error.cause as Error).message);
  });

  it('lets a first start through: no database and no secret yet', async () => {
    await expect(checkDataFolder(path.join(scratch, 'never-used'))).resolves.toBeUndefined();
  });
});

describe('the lock after a kill', () => {
  async function heldBy(pid: number): Promise<string> {
    const dataDir = await mkdtemp(path.join(scratch, 'lock-'));
    await writeFile(lockFile(dataDir), String(pid));
    return dataDir;
  }

  it('waits for a dying holder to go, then takes the lock', async () => {
    const dataDir = await heldBy(4242);
    let looks = 0;
    const pauses: number[] = [];
    const notices: string[] = [];
    await lockDataDir(dataDir, {
      // Still there for three looks, as a killed stack freeing its memory is.
      isAlive: (pid) => pid === 4242 && (looks += 1) <= 3,
      pause: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
      notice: (message) => notices.push(message),
    });
    expect((await readFile(lockFile(dataDir), 'utf8')).trim()).toBe(String(process.pid));
    expect(pauses).toEqual([100, 100, 100]);
    expect(notices).toEqual([expect.stringMatching(/held by process 4242; waiting up to 2 s/)]);
    await unlockDataDir(dataDir);
  });

  it('gives up after the bound when the holder stays', async () => {
    const dataDir = await heldBy(4242);
    let waited = 0;
    await expect(
      lockDataDir(dataDir, {
        isAlive: () => true,
        pause: (ms) => {
          waited += ms;
          return Promise.resolve();
        },
        notice: () => undefined,
      }),
    ).rejects.toThrow(/in use by process 4242.*stop that process first/);
    expect(waited).toBe(2_000);
  });

  it('takes over at once a lock whose process is gone, and never waits for itself', async () => {
    const pause = () => Promise.reject(new Error('no wait expected'));
    const gone = await heldBy(4242);
    await lockDataDir(gone, { isAlive: () => false, pause });
    await unlockDataDir(gone);
    const own = await heldBy(process.pid);
    await expect(lockDataDir(own, { isAlive: () => true, pause })).rejects.toThrow(
      /in use by process/,
    );
  });
});

describe('npm run backup', () => {
  it('copies a folder that restores with the same account and files', async () => {
    const dataDir = path.join(scratch, 'live');
    await cp(used, dataDir, { recursive: true });
    const config = configFor(dataDir);
    const target = await backupDataFolder(config, path.join(scratch, 'backups', 'first'));
    expect((await readdir(target)).sort()).toEqual(['db', 'jwt-secret', 'storage']);

    // Restore: the folder is lost, the backup copied in its place.
    await rm(dataDir, { recursive: true });
    await cp(target, dataDir, { recursive: true });
    expect(await readFile(path.join(dataDir, AVATAR), 'utf8')).toBe('a picture');
    const stack = await startLocalStack(config);
    try {
      const { data, error } = await client(stack.url, stack.anonKey).auth.signInWithPassword({
        email: EMAIL,
        password: PASSWORD,
      });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(EMAIL);
      // The stack holds the folder: a backup now would copy files being written.
      await expect(backupDataFolder(config, path.join(scratch, 'backups', 'busy'))).rejects.toThrow(
        /is using .*: stop it first/,
      );
    } finally {
      await stack.close();
    }
  });

  it('refuses an existing backup folder, and leaves Postgres to pg_dump', async () => {
    const config = configFor(used);
    const taken = path.join(scratch, 'taken');
    await mkdir(taken);
    await writeFile(path.join(taken, 'something'), '');
    await expect(backupDataFolder(config, taken)).rejects.toThrow(/already holds files/);
    await expect(
      backupDataFolder({ ...config, databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' }),
    ).rejects.toThrow(BackupError);
    await expect(
      backupDataFolder({ ...config, databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' }),
    ).rejects.toThrow(/pg_dump/);
  });
});
