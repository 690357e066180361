import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// PGlite is one process per data folder: a second one would corrupt it. The lock file holds the
// owner's pid; a lock whose process is gone is stale and taken over.
//
// A process killed with SIGKILL does not vanish at once: the kernel frees its memory first
// (about 90 ms for the stack, measured with `kill -9` then `kill -0` in a loop, longer on a
// loaded machine), and until its parent reaps it, it stays a zombie that `kill -0` still finds.
// A start in that window used to fail with "in use by process N"; it now waits, within a bound,
// for the holder to go.

export const lockFile = (dataDir: string): string => path.join(dataDir, 'pglite.pid');

export interface LockPatience {
  /** Whether the process with this pid still holds anything. */
  isAlive(pid: number): boolean;
  /** Resolves after about ms milliseconds (tests resolve at once). */
  pause(ms: number): Promise<void>;
  /** How long to wait, in total, for a living holder to go before giving up (0: no wait). */
  waitMs: number;
  /** Told once when the wait starts, so that a silent pause is not mistaken for a hang. */
  notice(message: string): void;
}

const POLL_MS = 100;

const defaultPatience: LockPatience = {
  isAlive: processExists,
  pause: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
  // A killed process is gone within about 90 ms; a real conflict should not wait long.
  waitMs: 2_000,
  notice: (message) => {
    console.warn(message);
  },
};

/** Error thrown when another living process keeps the data folder past the wait. */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
  readonly owner: number;
  constructor(dataDir: string, owner: number) {
    super(
      `The database in ${dataDir} is in use by process ${owner} (the local stack or the admin ` +
        'command). PGlite allows one process at a time: stop that process first, or use a ' +
        'real Postgres with DATABASE_URL.',
    );
    this.owner = owner;
  }
}

export async function lockDataDir(
  dataDir: string,
  patience: Partial<LockPatience> = {},
): Promise<void> {
  const { isAlive, pause, waitMs, notice } = { ...defaultPatience, ...patience };
  await mkdir(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  // Counted in the pauses asked for, not on the clock, so that a test drives it.
  let waited = 0;
  let noticed = false;
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    const held = Number.isInteger(owner) && owner > 0 && isAlive(owner);
    if (!held) {
      await rm(file, { force: true });
      continue;
    }
    // This very process holds it: waiting would wait for itself.
    if (owner === process.pid || waited >= waitMs) throw new DataFolderInUseError(dataDir, owner);
    if (!noticed) {
      noticed = true;
      notice(
        `${dataDir} is held by process ${owner}; waiting up to ${Math.ceil(waitMs / 1000)} s ` +
          'for it to exit (a stack just killed takes a moment to go).',
      );
    }
    await pause(POLL_MS);
    waited += POLL_MS;
  }
}

export async function unlockDataDir(dataDir: string): Promise<void> {
  const file = lockFile(dataDir);
  const owner = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (owner === String(process.pid)) await rm(file, { force: true });
}

/**
 * Whether a process exists and is not a zombie: a zombie has released everything, files
 * included, and only waits for its parent to read its exit code (Linux shows it in /proc;
 * elsewhere `kill -0` alone decides).
 */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (command) state ...": the command may hold spaces and parentheses.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}
