import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeResult, setAdminRole, UnknownUserError } from '../../server/admin.ts';
import { ConfigError, readConfig } from '../../server/config.ts';
import {
  closeConfiguredDatabase,
  openConfiguredDatabase,
  startLocalStack,
} from '../../server/start.ts';
import { client, PASSWORD, signUp, tempConfig } from './cliStack.ts';

// The commands around the local stack: config, the generated secret, PGlite persistence across
// restarts, and the admin role set by functions (cli-admin.test.ts: by the command line).

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
      logFile: '/srv/app/.data/stack.log',
    });
    expect(readConfig({ LOG_FILE: '-' }, '/srv/app').logFile).toBeNull();
    expect(readConfig({ LOG_FILE: 'logs/api.log' }, '/srv/app').logFile).toBe(
      '/srv/app/logs/api.log',
    );
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
});
