import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import type { LogEntry } from '../../server/log.ts';
import { type LocalStack, startLocalStack } from '../../server/start.ts';

// The stack's structured log: one entry per request with method, path, status and duration, and
// nothing a reader could use to act as the caller; mails kept in the local mailbox are logged with
// their links, which is how a developer follows them from the terminal.

const entries: LogEntry[] = [];
let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-log-'));
  stack = await startLocalStack(
    readConfig({ DATA_DIR: dataDir, STACK_PORT: '0', MARKET_REFRESH_MINUTES: '0' }),
    { log: (entry) => entries.push(entry) },
  );
});

afterAll(async () => {
  await stack.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('logs each request without its query, headers or body', async () => {
  const secretQuery = 'token=not-for-the-log';
  const response = await fetch(`${stack.url}/rest/v1/tokens?select=id&limit=1&${secretQuery}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
  });
  await response.arrayBuffer();
  await expect.poll(() => entries.filter((entry) => entry.msg === 'request').length).toBe(1);
  const [entry] = entries.filter((candidate) => candidate.msg === 'request');
  expect(entry).toMatchObject({
    level: 'info',
    method: 'GET',
    path: '/rest/v1/tokens',
    status: response.status,
  });
  expect(typeof entry?.ms).toBe('number');
  const written = JSON.stringify(entries);
  expect(written).not.toContain(stack.anonKey);
  expect(written).not.toContain('not-for-the-log');
});

it('logs a mail kept in the local mailbox with its links, and the sign-up request', async () => {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signUp({
    email: 'log@example.com',
    password: 'Sesame#2026ok',
  });
  expect(error).toBeNull();
  const mail = entries.find((entry) => entry.msg === 'mail kept in the local mailbox');
  expect(mail).toMatchObject({ level: 'info', to: 'log@example.com' });
  expect(mail?.links).toEqual([expect.stringContaining('/auth/v1/verify?token=')]);
  await expect
    .poll(() =>
      entries.some((entry) => entry.msg === 'request' && entry.path === '/auth/v1/signup'),
    )
    .toBe(true);
  const signUp = entries.find((entry) => entry.path === '/auth/v1/signup');
  expect(JSON.stringify(signUp)).not.toContain('Sesame#2026ok');
});
