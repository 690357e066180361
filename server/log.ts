// The stack's structured log: one JSON object per line on stdout. Entries carry what an operator
// needs (method, path, status, duration, errors) and never a header, a query string, a body, a
// key or a token; the one exception is the local mailbox's links (see server/start.ts).

export const LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogEntry {
  level: LogLevel;
  msg: string;
  [field: string]: unknown;
}

export type Logger = (entry: LogEntry) => void;

/** Writes entries of `minLevel` and above to stdout. */
export function stdoutLogger(minLevel: LogLevel): Logger {
  const threshold = LOG_LEVELS.indexOf(minLevel);
  return (entry) => {
    if (LOG_LEVELS.indexOf(entry.level) < threshold) return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
  };
}
