import path from 'node:path';
import type { StackConfig } from './config.ts';
import type { LocalStack } from './start.ts';

// What `npm start` and `node server/start.ts` print once everything listens, as `supabase start`
// does: where the app and the API are, the keys of this local stack, where mail and data go,
// and how to make someone an administrator. Keys derive from the data folder's secret: they
// are this machine's, and the service-role key is the operator's to use, never a browser's.
// That key bypasses every RLS policy, so it is shown to a person at a terminal only: output
// that goes to a file, a pipe or a container's log is read by more people and kept longer.

export interface SummaryPlace {
  /** The web app, when this command serves one. */
  appUrl?: string;
  /** Whether stdout is a person's terminal (process.stdout.isTTY). */
  terminal?: boolean;
}

/** Where the stack's mails go. */
export function mailSummary(stack: Pick<LocalStack, 'mailDelivery' | 'mailboxUrl'>): string {
  if (stack.mailDelivery === 'smtp') return 'sent over SMTP (SMTP_URL)';
  if (stack.mailDelivery === 'log')
    return 'in the log only: the mailbox is refused beyond 127.0.0.1';
  return stack.mailboxUrl ?? '';
}

/** Shortened when under the current folder, as a reader would type it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== '' && !relative.startsWith('..') ? relative : file;
}

export function startSummary(
  stack: Pick<LocalStack, 'url' | 'anonKey' | 'serviceKey' | 'mailDelivery' | 'mailboxUrl'>,
  config: Pick<StackConfig, 'dataDir' | 'databaseUrl' | 'logFile' | 'logLevel'>,
  place: SummaryPlace = {},
): string {
  const rows: [string, string][] = [
    ...(place.appUrl === undefined ? [] : [['App', place.appUrl] as [string, string]]),
    ['API', stack.url],
    ['Mail', mailSummary(stack)],
    ['anon key', stack.anonKey],
    [
      'service_role key',
      place.terminal === true
        ? stack.serviceKey
        : 'not printed, as this output is not a terminal (run the command in one to see it)',
    ],
    [
      'Data',
      config.databaseUrl === undefined
        ? `${shown(config.dataDir)} (delete it, stopped, to start afresh)`
        : `the database of DATABASE_URL; files in ${shown(config.dataDir)}`,
    ],
    [
      'Log',
      config.logFile === null
        ? `JSON on stdout, from ${config.logLevel} up`
        : `${shown(config.logFile)} (JSON, from ${config.logLevel} up; LOG_FILE=- prints it here)`,
    ],
    ['Admin', 'npm run admin -- grant you@example.org (after signing up)'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  return ['', 'Blockademia is running.', '', ...lines, '', 'Ctrl-C stops it.', ''].join('\n');
}
