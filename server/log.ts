import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

// The stack's structured log: one JSON object per line. Entries carry what an operator needs
// (method, path, status, duration, errors) and never a header, a query string, a body, a key or
// a token; the one exception is the local mailbox's links (see server/start.ts).

export const LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogEntry {
  level: LogLevel;
  msg: string;
  [field: string]: unknown;
}

export type Logger = (entry: LogEntry) => void;

function jsonLine(entry: LogEntry): string {
  return `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`;
}

/** Writes entries of `minLevel` and above to stdout, one JSON line each. */
export function stdoutLogger(minLevel: LogLevel): Logger {
  const threshold = LOG_LEVELS.indexOf(minLevel);
  return (entry) => {
    if (LOG_LEVELS.indexOf(entry.level) < threshold) return;
    process.stdout.write(jsonLine(entry));
  };
}

/**
 * The log of `npm start` and `npm run stack`: JSON lines of `minLevel` and above appended to
 * `file`, and the problems (warn, error) also on stderr as a plain sentence, so the terminal
 * shows what needs the reader and not every request. Without a file, JSON on stdout.
 */
export function stackLogger(minLevel: LogLevel, file: string | null): Logger {
  if (file === null) return stdoutLogger(minLevel);
  mkdirSync(path.dirname(file), { recursive: true });
  const threshold = LOG_LEVELS.indexOf(minLevel);
  return (entry) => {
    const rank = LOG_LEVELS.indexOf(entry.level);
    if (rank < threshold) return;
    // Synchronous, as a few short lines a second are: nothing is lost when the process stops.
    appendFileSync(file, jsonLine(entry));
    if (entry.level !== 'info') process.stderr.write(`${entry.level}: ${entry.msg}\n`);
  };
}
