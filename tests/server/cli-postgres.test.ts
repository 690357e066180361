import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../server/admin.ts';
import { readConfig, type StackConfig } from '../../server/config.ts';
import { quoteIdentifier } from '../../server/db/database.ts';
import {
  closeConfiguredDatabase,
  openConfiguredDatabase,
  startLocalStack,
} from '../../server/start.ts';
import { postgresUrl, targets } from './databases.ts';

// With DATABASE_URL the stack runs on a real Postgres; the admin command may then run beside it.

const unavailable = targets.find((target) => target.name === 'postgres')?.unavailable;
const name = `blockademia_cli_${randomBytes(6).toString('hex')}`;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

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
      const signUp = await createClient(stack.url, stack.anonKey, options).auth.signUp({
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
      const answer = await createClient(stack.url, stack.anonKey, options).rpc('has_role', {
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
