import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { type LocalStack, startLocalStack } from '../../server/start.ts';

// With SMTP_URL set, the stack's mails leave through SMTP (here to an SMTP server in this
// process) and the local mailbox is not served.

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => {
    smtp.listen(0, '127.0.0.1', resolve);
  });
  const { port } = smtp.server.address() as AddressInfo;
  dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-smtp-'));
  stack = await startLocalStack(
    readConfig({
      DATA_DIR: dataDir,
      STACK_PORT: '0',
      MARKET_REFRESH_MINUTES: '0',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'Blockademia <hello@blockademia.test>',
    }),
  );
});

afterAll(async () => {
  await stack.close();
  await new Promise<void>((resolve) => {
    smtp.close(() => {
      resolve();
    });
  });
  await rm(dataDir, { recursive: true, force: true });
});

it('sends the sign-up confirmation over SMTP, from SMTP_FROM, with its link', async () => {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signUp({
    email: 'smtp@example.com',
    password: 'Sesame#2026ok',
  });
  expect(error).toBeNull();

  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.from).toBe('hello@blockademia.test');
  expect(mail?.to).toEqual(['smtp@example.com']);
  expect(mail?.data).toMatch(/^Subject: .+/m);
  // Quoted-printable may fold long lines with "=\r\n": unfold before looking for the link.
  expect(mail?.data.replace(/=\r?\n/g, '')).toMatch(/\/auth\/v1\/verify\?token=/);
});

it('does not serve the local mailbox', async () => {
  expect(stack.mailboxUrl).toBeUndefined();
  const response = await fetch(`${stack.url}/mail/messages.json`);
  expect(response.status).toBe(404);
});
