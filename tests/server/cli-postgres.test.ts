import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../server/admin.ts';
import { readConfig, type StackConfig } from '../../server/config.ts';
import { quoteIdentifier } from '../../server/db/database.ts';
import {
  closeConfiguredDatabase,
  openConfiguredDatabase,
  startLocalStack,
} from '../../server/start.ts';
import { spawn } from 'node:child_process';
import { prepareDatabase } from '../../server/db/migrate.ts';
import { postgresUrl, targets } from './databases.ts';
import { adminQuery, createScratchDatabase } from './scratchDatabase.ts';

// With DATABASE_URL the stack runs on a real Postgres; the admin command may then run beside it.

const unavailable = targets.find((target) => target.name === 'postgres')?.unavailable;
const name = `blockademia_cli_${randomBytes(6).toString('hex')}`;

describe.skipIf(unavailable !== undefined)('the local stack on Postgres (DATABASE_URL)', () => {
  let config: StackConfig;
  beforeAll(async () => {
    await adminQuery(`create database ${quoteIdentifier(name)}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-cli-pg-'));
    config = readConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      STACK_PORT: '0',
      AUTH_AUTOCONFIRM: 'yes',
      MARKET_REFRESH_MINUTES: '0',
    });
  });
  afterAll(async () => {
    await rm(config.dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  });

  it('serves auth and lets the admin command run while the stack is up', async () => {
    const stack = await startLocalStack(config);
    try {
      const options = { auth: { persistSession: false, autoRefreshToken: false } };
      // Signed in by its sign-up (the stack confirms at once here): has_role answers a user
      // about their own id only.
      const hedy = createClient(stack.url, stack.anonKey, options);
      const signUp = await hedy.auth.signUp({
        email: 'hedy@example.com',
        password: 'Sesame#2026ok',
      });
      expect(signUp.error).toBeNull();
      const userId = signUp.data.user?.id ?? '';

      const db = await openConfiguredDatabase(config);
      try {
        expect(await setAdminRole(db, 'grant', 'HEDY@example.com')).toMatchObject({
          userId,
          changed: true,
        });
      } finally {
        await closeConfiguredDatabase(config, db);
      }
      const answer = await hedy.rpc('has_role', {
        _user_id: userId,
        _role: 'admin',
      });
      expect(answer.error).toBeNull();
      expect(answer.data).toBe(true);
    } finally {
      await stack.close();
    }
  });
});

describe.skipIf(unavailable !== undefined)('npm run seed on a migrated Postgres', () => {
  it('loads every term, token and module, and changes nothing the second time', async () => {
    // What a hosted project has after `supabase db push`: the platform's schemas and the tables.
    const scratch = await createScratchDatabase('blockademia_seed');
    try {
      await prepareDatabase(scratch.db);
      const seed = () =>
        new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
          const child = spawn(process.execPath, ['server/seed.ts'], {
            cwd: path.resolve(import.meta.dirname, '../..'),
            env: { ...process.env, DATABASE_URL: scratch.url },
          });
          let stdout = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          child.once('error', reject);
          child.once('exit', (code) => {
            resolve({ code, stdout });
          });
        });
      const first = await seed();
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /^Content seeded: 152 terms, \d{3} tokens, \d+ modules; (\d+) of \1 rows written/,
      );
      const { rows } = await scratch.db.query<{ count: number }>(
        'select count(*)::int as count from public.tokens',
      );
      expect(rows[0]?.count).toBeGreaterThanOrEqual(250);
      const second = await seed();
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/; 0 of \d+ rows written/);
    } finally {
      await scratch.drop();
    }
  });
});
