import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import type { LogEntry } from '../../server/log.ts';
import { isLoopbackAddress } from '../../server/mail/loopbackOnly.ts';
import { type LocalStack, startLocalStack } from '../../server/start.ts';
import { mailSummary } from '../../server/startSummary.ts';
import { describeOnEachDatabase } from './databases.ts';

// The local mailbox shows everyone's links: the stack serves it on a loopback address only, and
// listening anywhere else without SMTP_URL it refuses it and logs why.

const PASSWORD = 'Sesame#2026ok';

describeOnEachDatabase('the local mailbox', ({ db }) => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-mailbox-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The stack on this host (no SMTP_URL) over the suite's database, with its log entries. */
  async function stackOn(host: string): Promise<{ stack: LocalStack; log: LogEntry[] }> {
    const log: LogEntry[] = [];
    const config = readConfig({
      DATA_DIR: dataDir,
      STACK_HOST: host,
      STACK_PORT: '0',
      MARKET_REFRESH_MINUTES: '0',
    });
    const stack = await startLocalStack(config, {
      database: db(),
      authIpLimits: false,
      log: (entry) => log.push(entry),
    });
    return { stack, log };
  }

  async function signUp(stack: LocalStack, email: string): Promise<void> {
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  }

  it('refuses /mail on 0.0.0.0 without SMTP, says why in the log, and logs the links', async () => {
    const { stack, log } = await stackOn('0.0.0.0');
    try {
      expect(stack.mailboxUrl).toBeUndefined();
      expect(mailSummary(stack)).toBe('in the log only: the mailbox is refused beyond 127.0.0.1');
      const warning = log.find((entry) => entry.level === 'warn');
      expect(warning?.msg).toMatch(/^local mailbox refused: the stack listens on 0\.0\.0\.0/);
      expect(warning?.msg).toMatch(/SMTP_URL/);

      await signUp(stack, 'far.away@example.test');
      const kept = log.find((entry) => entry.to === 'far.away@example.test');
      expect(kept?.links).toEqual(expect.arrayContaining([expect.stringContaining('/verify?')]));

      for (const page of ['/mail', '/mail/messages.json']) {
        const response = await fetch(`${stack.url}${page}`);
        expect(response.status).toBe(403);
        const body = await response.text();
        expect(body).toMatch(/served only when the stack listens on a loopback address/);
        expect(body).not.toContain('far.away');
      }
    } finally {
      await stack.close();
    }
  });

  it('serves /mail on 127.0.0.1, with no warning', async () => {
    const { stack, log } = await stackOn('127.0.0.1');
    try {
      expect(stack.mailboxUrl).toBe(`${stack.url}/mail`);
      expect(log.filter((entry) => entry.level === 'warn')).toEqual([]);
      await signUp(stack, 'near.by@example.test');
      const response = await fetch(`${stack.url}/mail/messages.json`);
      expect(response.status).toBe(200);
      const mails = (await response.json()) as { to: string }[];
      expect(mails.map((mail) => mail.to)).toEqual(['near.by@example.test']);
    } finally {
      await stack.close();
    }
  });
});

describe('which listening addresses are loopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.42.0.7', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
  ])('%s → %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});
