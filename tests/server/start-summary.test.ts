import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { problemSentence, stackLogger } from '../../server/log.ts';
import { startSummary } from '../../server/startSummary.ts';

// What the terminal shows when the stack starts: a short summary for a person, the problems as
// sentences, and the JSON log in its file.

const stack = {
  url: 'http://127.0.0.1:54321',
  anonKey: 'anon.jwt',
  serviceKey: 'service.jwt',
  mailDelivery: 'mailbox' as const,
  mailboxUrl: 'http://127.0.0.1:54321/mail',
};

describe('the start-up summary', () => {
  it('names the app, the API, the mailbox, both keys, the data, the log and the admin command', () => {
    const config = readConfig({}, process.cwd());
    const lines = startSummary(stack, config, {
      appUrl: 'http://127.0.0.1:4173',
      terminal: true,
    }).split('\n');
    expect(lines).toEqual([
      '',
      'Blockademia is running.',
      '',
      '  App               http://127.0.0.1:4173',
      '  API               http://127.0.0.1:54321',
      '  Mail              http://127.0.0.1:54321/mail',
      '  anon key          anon.jwt',
      '  service_role key  service.jwt',
      '  Data              .data (delete it, stopped, to start afresh)',
      '  Log               .data/stack.log (JSON, from info up; LOG_FILE=- prints it here)',
      '  Admin             npm run admin -- grant you@example.org (after signing up)',
      '',
      'Ctrl-C stops it.',
      '',
    ]);
  });

  it('says where mail and data go on a stack with SMTP and Postgres, the log on stdout', () => {
    const config = readConfig(
      { DATABASE_URL: 'postgres://u@db/app', LOG_FILE: '-', LOG_LEVEL: 'warn' },
      process.cwd(),
    );
    const summary = startSummary({ ...stack, mailDelivery: 'smtp', mailboxUrl: undefined }, config);
    expect(summary).not.toContain('App');
    expect(summary).toContain('Mail              sent over SMTP (SMTP_URL)');
    expect(summary).toContain('Data              the database of DATABASE_URL; files in .data');
    expect(summary).toContain('Log               JSON on stdout, from warn up');
    expect(summary).not.toContain('postgres://');
  });

  it('keeps the service-role key off output that is not a terminal (a file, a pipe, a container log)', () => {
    const config = readConfig({ LOG_FILE: '-' }, process.cwd());
    const summary = startSummary(stack, config, { terminal: false });
    expect(summary).not.toContain('service.jwt');
    expect(summary).toContain('service_role key  not printed, as this output is not a terminal');
    expect(summary).toContain('anon key          anon.jwt');
  });
});

describe('the stack log', () => {
  let folder = '';
  afterEach(async () => {
    vi.restoreAllMocks();
    if (folder !== '') await rm(folder, { recursive: true, force: true });
  });

  it('keeps JSON lines in its file and tells the terminal only the problems, as sentences', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'blockademia-log-file-'));
    const file = path.join(folder, 'logs', 'stack.log');
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const stdout = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    const log = stackLogger('info', file);
    log({ level: 'info', msg: 'request', path: '/rest/v1/tokens', status: 200 });
    log({ level: 'warn', msg: 'local mailbox refused' });
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request', status: 200 }),
      expect.objectContaining({ level: 'warn', msg: 'local mailbox refused' }),
    ]);
    expect(stderr.mock.calls).toEqual([['warn: local mailbox refused\n']]);
    expect(stdout).not.toHaveBeenCalled();
  });

  it('gives a problem its details on the terminal, never the lists of an entry', () => {
    folder = '';
    expect(
      problemSentence({
        level: 'error',
        msg: 'request',
        method: 'GET',
        path: '/rest/v1/tokens',
        status: 503,
        links: ['http://127.0.0.1:54321/auth/v1/verify?token=secret'],
      }),
    ).toBe('error: request method=GET path=/rest/v1/tokens status=503');
  });

  it('creates its file for its owner only', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'blockademia-log-file-'));
    const file = path.join(folder, 'stack.log');
    stackLogger('info', file)({ level: 'info', msg: 'mail kept in the local mailbox' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('keeps the stack serving when its file cannot be written: the log moves to stderr', () => {
    folder = '';
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    // Every write to /dev/full fails with ENOSPC, as on a full disk.
    const log = stackLogger('info', '/dev/full');
    expect(() => {
      log({ level: 'info', msg: 'request', status: 200 });
    }).not.toThrow();
    log({ level: 'warn', msg: 'local mailbox refused' });
    const written = stderr.mock.calls.map(([text]) => String(text)).join('');
    expect(written).toContain('the log file /dev/full cannot be written');
    expect(written).toContain('"msg":"request"');
    expect(written).toContain('"msg":"local mailbox refused"');
    expect(written).toContain('warn: local mailbox refused\n');
  });

  it('leaves out what is below its level', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'blockademia-log-file-'));
    const file = path.join(folder, 'stack.log');
    vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    const log = stackLogger('warn', file);
    log({ level: 'info', msg: 'request' });
    log({ level: 'error', msg: 'database lost' });
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('database lost');
  });
});
