import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deriveApiKeys } from '../../server/keys.ts';

// The local stack's process killed outright (SIGKILL, as a power cut or the OOM killer would)
// while it is writing: the data folder opens again, and every write that was answered as
// committed is there.

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Sesame#2026ok';
let dataDir: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface RunningStack {
  child: ChildProcess;
  url: string;
  anonKey: string;
}

/** Starts `node server/start.ts` as `npm start` does, and reads its URL and anon key. */
async function startStack(port: number): Promise<RunningStack> {
  // The test runner's own Node 24, so that SIGKILL reaches the stack itself and not a wrapper.
  const child = spawn(process.execPath, ['server/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STACK_PORT: String(port),
      AUTH_AUTOCONFIRM: 'true',
      MARKET_REFRESH_MINUTES: '0',
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl-C stops it.')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      reject(new Error(`the stack exited with ${String(code)}:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const secret = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
  return { child, url, anonKey: deriveApiKeys(secret).anonKey };
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGKILL');
  });
}

const clientOf = (stack: RunningStack) =>
  createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-crash-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps every committed write when the process is killed mid-write', async () => {
  const port = await freePort();
  let stack = await startStack(port);
  const client = clientOf(stack);
  const { data, error } = await client.auth.signUp({
    email: 'crash@example.com',
    password: PASSWORD,
  });
  expect(error).toBeNull();
  const userId = data.user?.id ?? '';

  const { data: tokens } = await client.from('tokens').select('id').order('id').limit(40);
  const ids = (tokens ?? []).map((row: { id: string }) => row.id);
  expect(ids.length).toBe(40);

  // Writes in flight when the kill lands: each one answered 201 must survive. Five lanes
  // send the writes, each starting its next one when the previous is answered, so five are
  // always in flight; once five are answered no new one starts and the kill lands on the
  // ones still in flight.
  const LANES = 5;
  const committed: string[] = [];
  const waiting = [...ids];
  let fiveCommitted: () => void = () => undefined;
  const enoughCommitted = new Promise<void>((resolve) => (fiveCommitted = resolve));
  const lane = async (): Promise<void> => {
    for (let tokenId = waiting.shift(); tokenId !== undefined; tokenId = waiting.shift()) {
      const result = await client.from('favorites').insert({ user_id: userId, token_id: tokenId });
      if (result.status === 201) committed.push(tokenId);
      if (committed.length >= 5) fiveCommitted();
    }
  };
  const writes = Array.from({ length: LANES }, lane);
  await enoughCommitted;
  waiting.length = 0;
  await killHard(stack.child);
  await Promise.allSettled(writes);
  expect(committed.length).toBeLessThan(ids.length);

  stack = await startStack(port);
  try {
    const again = clientOf(stack);
    const signIn = await again.auth.signInWithPassword({
      email: 'crash@example.com',
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    const { data: favorites, error: readError } = await again.from('favorites').select('token_id');
    expect(readError).toBeNull();
    const kept = new Set((favorites ?? []).map((row: { token_id: string }) => row.token_id));
    expect(committed.filter((tokenId) => !kept.has(tokenId))).toEqual([]);
  } finally {
    await killHard(stack.child);
  }
});
