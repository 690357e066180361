import path from 'node:path';
import { DEFAULT_MARKET_REFRESH_MINUTES } from '../shared/market.ts';
import { LOG_LEVELS, type LogLevel } from './log.ts';

// The local stack's settings, read from the environment once and validated. An empty variable
// counts as unset. Every problem is reported at once, with the variable's name.

export interface StackConfig {
  /** STACK_PORT (54321); 0 picks a free port. */
  port: number;
  /** STACK_HOST (127.0.0.1). */
  host: string;
  /** DATA_DIR (./.data), absolute: PGlite's data, the JWT secret and storage live here. */
  dataDir: string;
  /** DATABASE_URL: a real Postgres instead of PGlite in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /** JWT_SECRET: at least 32 characters; unset means generated once into the data folder. */
  jwtSecret: string | undefined;
  /** SITE_URL (http://127.0.0.1:4173): where email links land. */
  siteUrl: string;
  /** AUTH_AUTOCONFIRM (false): confirm emails at sign-up without a mail. */
  autoconfirm: boolean;
  /** MARKET_REFRESH_MINUTES (10) in milliseconds; 0 disables the market-price refresh. */
  marketRefreshMs: number;
  /** SMTP_URL: send mail through this SMTP server; unset keeps every mail in the local mailbox. */
  smtpUrl: string | undefined;
  /** SMTP_FROM (Blockademia <no-reply@localhost>): the sender of those mails. */
  smtpFrom: string;
  /** LOG_LEVEL (info): the least severe log entries written (info, warn or error). */
  logLevel: LogLevel;
  /**
   * LOG_FILE (`<dataDir>/stack.log`): where the JSON log is appended, so the terminal keeps the
   * start-up summary and the problems; `-` writes the JSON log to stdout instead (null here).
   */
  logFile: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const BOOLEANS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};

export function readConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): StackConfig {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const rawPort = get('STACK_PORT') ?? '54321';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    problems.push(`STACK_PORT must be a port number from 0 to 65535, not "${rawPort}".`);
  }

  const host = get('STACK_HOST') ?? '127.0.0.1';
  if (/[\s/]/.test(host)) problems.push(`STACK_HOST must be a host name or an IP, not "${host}".`);

  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    problems.push('DATABASE_URL must look like postgres://user@host:5432/database.');
  }

  const jwtSecret = get('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push(
      `JWT_SECRET must have at least 32 characters (it has ${jwtSecret.length}); ` +
        'leave it unset to have one generated.',
    );
  }

  const siteUrl = get('SITE_URL') ?? 'http://127.0.0.1:4173';
  if (!isHttpUrl(siteUrl)) {
    problems.push(
      `SITE_URL must be an http(s) URL such as http://127.0.0.1:4173, not "${siteUrl}".`,
    );
  }

  const rawAutoconfirm = (get('AUTH_AUTOCONFIRM') ?? 'false').toLowerCase();
  const autoconfirm = BOOLEANS[rawAutoconfirm];
  if (autoconfirm === undefined) {
    problems.push(`AUTH_AUTOCONFIRM must be true or false, not "${rawAutoconfirm}".`);
  }

  const smtpUrl = get('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/\S+$/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://user:password@host:587 or smtps://…:465.');
  }

  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!isLogLevel(logLevel)) {
    problems.push(`LOG_LEVEL must be info, warn or error, not "${logLevel}".`);
  }

  let marketRefreshMs = 0;
  try {
    marketRefreshMs = marketRefreshInterval({
      MARKET_REFRESH_MINUTES: get('MARKET_REFRESH_MINUTES'),
    });
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const dataDir = path.resolve(cwd, get('DATA_DIR') ?? '.data');
  const logFile = get('LOG_FILE') ?? path.join(dataDir, 'stack.log');
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret,
    siteUrl: siteUrl.replace(/\/+$/, ''),
    autoconfirm: autoconfirm ?? false,
    marketRefreshMs,
    smtpUrl,
    smtpFrom: get('SMTP_FROM') ?? 'Blockademia <no-reply@localhost>',
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    logFile: logFile === '-' ? null : path.resolve(cwd, logFile),
  };
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * MARKET_REFRESH_MINUTES (default 10; 0 disables) in milliseconds, or an error naming it. Ten
 * minutes keeps the 267 sheets (2 provider calls a refresh) within CoinGecko's free 10,000 calls a
 * month: 8,928 in a 31-day month, where 5 minutes would spend 17,856 (server/README.md).
 */
export function marketRefreshInterval(
  env: Record<string, string | undefined> = process.env,
): number {
  const raw = env.MARKET_REFRESH_MINUTES?.trim() || String(DEFAULT_MARKET_REFRESH_MINUTES);
  const minutes = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(minutes)) {
    throw new ConfigError(
      `MARKET_REFRESH_MINUTES must be a number of minutes (0 disables), not "${raw}".`,
    );
  }
  return minutes * 60_000;
}
