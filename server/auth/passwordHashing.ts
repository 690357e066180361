import { Worker } from 'node:worker_threads';
import type { HashReply, HashRequest } from './passwordHashWorker.ts';

export { randomPasswordHash } from './bcryptHashes.ts';

// bcrypt at GoTrue's cost costs tens of milliseconds of CPU per password. Run in the database
// (pgcrypto's crypt()), it held PGlite, which runs on the stack's own thread, for every sign-in:
// 60 wrong passwords stalled every other request for 4 s. Here it runs in one worker thread,
// requests in turn, outside any transaction: the stack's thread and the database stay free.
// The hashes are GoTrue's (`$2a$10$`), so a data folder's existing users still sign in.

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = undefined;
}

function hashingThread(): Worker {
  if (worker !== undefined) return worker;
  const started = new Worker(new URL('./passwordHashWorker.ts', import.meta.url));
  started.on('message', (reply: HashReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (waiting === undefined) return;
    if ('error' in reply) waiting.reject(new Error(`Password hashing failed: ${reply.error}`));
    else waiting.resolve(reply.value);
  });
  // A dead thread fails what it held; the next call starts a new one.
  started.on('error', failAll);
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The password hashing thread exited (${code}).`));
  });
  worker = started;
  return started;
}

/** A request before it is numbered (Omit over each member of the union). */
type Unnumbered<T> = T extends HashRequest ? Omit<T, 'id'> : never;

function ask(request: Unnumbered<HashRequest>): Promise<string | boolean> {
  const thread = hashingThread();
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Kept alive while it owes an answer, not after: it never holds the process open.
    thread.ref();
    thread.postMessage({ ...request, id });
  });
}

/** A bcrypt hash of the password, as GoTrue stores it in auth.users.encrypted_password. */
export async function hashPassword(password: string): Promise<string> {
  return String(await ask({ op: 'hash', password }));
}

/** Does the password match the stored bcrypt hash? False when there is no hash. */
export async function passwordMatchesHash(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  if (hash === null || hash === undefined || hash === '') return false;
  return (await ask({ op: 'verify', password, hash })) === true;
}
