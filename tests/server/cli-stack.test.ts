import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { describeResult, setAdminRole, UnknownUserError } from '../../server/admin.ts';
import { ConfigError, readConfig, type StackConfig } from '../../server/config.ts';
import {
  closeConfiguredDatabase,
  openConfiguredDatabase,
  startLocalStack,
} from '../../server/start.ts';

// The commands around the local stack: config, the generated secret, PGlite persistence across
// restarts, and the admin command (as functions and as a child process).

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Sesame#2026ok';
const dirs: string[] = [];

async function tempConfig(extra: Record<string, string> = {}): Promise<StackConfig> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-cli-'));
  dirs.push(dataDir);
  return readConfig({
    DATA_DIR: dataDir,
    STACK_PORT: '0',
    AUTH_AUTOCONFIRM: 'true',
    // No provider is reachable from the tests; the refresh has its own tests.
    MARKET_REFRESH_MINUTES: '0',
    ...extra,
  });
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const client = (url: string, anonKey: string) =>
  createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

async function signUp(url: string, anonKey: string, email: string): Promise<string> {
  const { data, error } = await client(url, anonKey).auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return data.user?.id ?? '';
}

/** Asked by the user, signed in: has_role answers a user about their own id only. */
async function isAdmin(url: string, anonKey: string, email: string): Promise<unknown> {
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

function runAdmin(args: string[], dataDir: string) {
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

describe('config', () => {
  it('has defaults', () => {
    const config = readConfig({}, '/srv/app');
    expect(config).toEqual({
      port: 54321,
      host: '127.0.0.1',
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      siteUrl: 'http://127.0.0.1:4173',
      autoconfirm: false,
      marketRefreshMs: 600_000,
      smtpUrl: undefined,
      smtpFrom: 'Blockademia <no-reply@localhost>',
      logLevel: 'info',
    });
  });

  it('names every bad value clearly', () => {
    const read = () =>
      readConfig({
        STACK_PORT: '70000',
        JWT_SECRET: 'short',
        SITE_URL: 'localhost',
        AUTH_AUTOCONFIRM: 'maybe',
        DATABASE_URL: 'mysql://x',
        MARKET_REFRESH_MINUTES: 'often',
        SMTP_URL: 'mail.example.org',
        LOG_LEVEL: 'loud',
      });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/STACK_PORT must be a port number from 0 to 65535, not "70000"/);
    expect(read).toThrow(/JWT_SECRET must have at least 32 characters \(it has 5\)/);
    expect(read).toThrow(/SITE_URL must be an http\(s\) URL/);
    expect(read).toThrow(/AUTH_AUTOCONFIRM must be true or false, not "maybe"/);
    expect(read).toThrow(/MARKET_REFRESH_MINUTES must be a number of minutes/);
    expect(read).toThrow(/DATABASE_URL must look like postgres:/);
    expect(read).toThrow(/SMTP_URL must look like smtp:/);
    expect(read).toThrow(/LOG_LEVEL must be info, warn or error, not "loud"/);
    expect(() => readConfig({ STACK_PORT: 'abc' })).toThrow(/STACK_PORT/);
  });
});

describe('the local stack on PGlite', () => {
  it('generates the secret once, keeps it private, and reuses it', async () => {
    const config = await tempConfig();
    const first = await startLocalStack(config);
    await first.close();
    const file = path.join(config.dataDir, 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[\w-]{64}$/);
    const second = await startLocalStack(config);
    await second.close();
    expect(second.anonKey).toBe(first.anonKey);
    expect(second.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(second.url).not.toMatch(/:0$/);
  });

  it('keeps users across restarts, and refuses a second process on the data folder', async () => {
    const config = await tempConfig();
    const first = await startLocalStack(config);
    try {
      const health = await fetch(`${first.url}/auth/v1/health`, {
        headers: { apikey: first.anonKey },
      });
      expect(health.status).toBe(200);
      await signUp(first.url, first.anonKey, 'Ada@Example.com');
      await expect(openConfiguredDatabase(config)).rejects.toThrow(/PGlite allows one process/);
    } finally {
      await first.close();
    }

    const second = await startLocalStack(config);
    try {
      const { data, error } = await client(second.url, second.anonKey).auth.signInWithPassword({
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(error).toBeNull();
      expect(data.user?.email).toBe('ada@example.com');
    } finally {
      await second.close();
    }
  });

  it('grants and revokes the admin role (functions)', async () => {
    const config = await tempConfig();
    const stack = await startLocalStack(config);
    const userId = await signUp(stack.url, stack.anonKey, 'grace@example.com');
    await stack.close();

    const db = await openConfiguredDatabase(config);
    try {
      const granted = await setAdminRole(db, 'grant', 'GRACE@example.com');
      expect(granted).toMatchObject({ userId, changed: true, admins: 1 });
      expect(describeResult('grant', granted)).toBe('grace@example.com is now an admin.');
      const again = await setAdminRole(db, 'grant', 'grace@example.com');
      expect(describeResult('grant', again)).toMatch(/already an admin/);
      const revoked = await setAdminRole(db, 'revoke', 'grace@example.com');
      expect(revoked).toMatchObject({ changed: true, admins: 0 });
      expect(describeResult('revoke', revoked)).toMatch(/no longer an admin\. Warning: .*no admin/);
      await expect(setAdminRole(db, 'grant', 'nobody@example.com')).rejects.toThrow(
        UnknownUserError,
      );
    } finally {
      await closeConfiguredDatabase(config, db);
    }
  });

  it('grants the admin role from the command line', async () => {
    const config = await tempConfig();
    let stack = await startLocalStack(config);
    await signUp(stack.url, stack.anonKey, 'linus@example.com');
    await stack.close();

    const granted = await runAdmin(['grant', 'Linus@Example.com'], config.dataDir);
    expect(granted.stderr).not.toMatch(/Error/);
    expect(granted.stdout).toContain('linus@example.com is now an admin.');
    expect(granted.code).toBe(0);

    const unknown = await runAdmin(['revoke', 'nobody@example.com'], config.dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user with the email nobody@example.com');

    const usage = await runAdmin(['promote'], config.dataDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- grant <email> | revoke <email>');

    stack = await startLocalStack(config);
    try {
      expect(await isAdmin(stack.url, stack.anonKey, 'linus@example.com')).toBe(true);
      const busy = await runAdmin(['revoke', 'linus@example.com'], config.dataDir);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/in use by process \d+.*stop that process first/s);
    } finally {
      await stack.close();
    }
  });
});
