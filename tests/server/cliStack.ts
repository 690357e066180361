import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, onTestFinished } from 'vitest';
import { readConfig, type StackConfig } from '../../server/config.ts';

// What the tests of the stack's commands share (cli-stack.test.ts, cli-admin.test.ts): a fresh
// data folder per test, removed after it; a client; sign-up; the admin command as a child process.

const root = path.resolve(import.meta.dirname, '../..');
export const PASSWORD = 'Sesame#2026ok';

/** A stack config on a data folder of its own, removed when the calling test ends. */
export async function tempConfig(extra: Record<string, string> = {}): Promise<StackConfig> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-cli-'));
  // Per test rather than a module-level afterEach: files share modules (isolate: false in
  // vitest.config.ts), so a module's hooks would be registered in the first file only.
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  return readConfig({
    DATA_DIR: dataDir,
    STACK_PORT: '0',
    AUTH_AUTOCONFIRM: 'true',
    // No provider is reachable from the tests; the refresh has its own tests.
    MARKET_REFRESH_MINUTES: '0',
    ...extra,
  });
}

export const client = (url: string, anonKey: string) =>
  createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

export async function signUp(url: string, anonKey: string, email: string): Promise<string> {
  const { data, error } = await client(url, anonKey).auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return data.user?.id ?? '';
}

/** Asked by the user, signed in: has_role answers a user about their own id only. */
export async function isAdmin(url: string, anonKey: string, email: string): Promise<unknown> {
  const user = client(url, anonKey);
  const { data, error } = await user.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  const result = await user.rpc('has_role', {
    _user_id: data.user?.id ?? '',
    _role: 'admin',
  });
  expect(result.error).toBeNull();
  return result.data as unknown;
}

export function runAdmin(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // As `npm run admin` runs it: plain Node 24, which strips the types itself.
    const child = spawn('npx', ['node', 'server/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
