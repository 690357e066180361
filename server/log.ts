import { mkdirSync, openSync, writeSync } from 'node:fs';
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
 * A problem as the terminal shows it: the level, the message and the entry's plain fields
 * (`warn: request method=GET path=/rest/v1/tokens status=503 ms=12`), without the lists.
 */
export function problemSentence(entry: LogEntry): string {
  const { level, msg, ...fields } = entry;
  const details = Object.entries(fields)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([name, value]) => `${name}=${String(value)}`);
  return [`${level}: ${msg}`, ...details].join(' ');
}

/**
 * The log of `npm start` and `node server/start.ts`: JSON lines of `minLevel` and above appended
 * to `file`, and the problems (warn, error) also on stderr as a sentence, so the terminal shows
 * what needs the reader and not every request. Without a file, JSON on stdout.
 */
export function stackLogger(minLevel: LogLevel, file: string | null): Logger {
  if (file === null) return stdoutLogger(minLevel);
  mkdirSync(path.dirname(file), { recursive: true });
  // Owner-only, as the mailbox's entries carry sign-in links.
  let fd: number | undefined = openSync(file, 'a', 0o600);
  const threshold = LOG_LEVELS.indexOf(minLevel);
  return (entry) => {
    const rank = LOG_LEVELS.indexOf(entry.level);
    if (rank < threshold) return;
    const line = jsonLine(entry);
    if (fd === undefined) {
      process.stderr.write(line);
    } else {
      try {
        // Synchronous, as a few short lines a second are: nothing is lost when the process stops.
        writeSync(fd, line);
      } catch (error) {
        // A full disk must not stop the stack in the middle of a request: the log moves to stderr.
        fd = undefined;
        const reason = error instanceof Error ? error.message : String(error);
        process.stderr.write(
          `error: the log file ${file} cannot be written (${reason}); ` +
            `the log goes to stderr from now on\n${line}`,
        );
      }
    }
    if (entry.level !== 'info') process.stderr.write(`${problemSentence(entry)}\n`);
  };
}
