import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { IpLimits } from './rateLimits.ts';

// What every auth handler shares: the options, the clock and the database as GoTrue's role.

export interface AuthOptions {
  db: Database;
  jwtSecret: string;
  /** Where links land when `redirect_to` is absent or not allowed (GoTrue's SITE_URL). */
  siteUrl: string;
  mailer: Mailer;
  /** Confirm emails at sign-up without a mail (GoTrue's MAILER_AUTOCONFIRM); off by default. */
  autoconfirm?: boolean;
  /** The clock; tests move it to cross the reuse interval and the mail frequency. */
  now?: () => Date;
  /** Public base URL of the API (`http://host:port`), for links; default: the request's Host. */
  externalUrl?: string;
  /** More allowed `redirect_to` prefixes besides the site URL's origin. */
  redirectAllowList?: readonly string[];
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpirySeconds?: number;
  /** Seconds a revoked refresh token may still be reused (default 10, as the CLI). */
  refreshReuseSeconds?: number;
  /** Minimum seconds between two mails of one kind to one user (default 60). */
  mailFrequencySeconds?: number;
  /** Lifetime of emailed tokens in seconds (default 3600, as the CLI). */
  otpExpirySeconds?: number;
  /** Lifetime of a PKCE flow state in seconds (default 300, as GoTrue). */
  flowStateExpirySeconds?: number;
  /** Per-IP request budgets; false turns them off. */
  ipLimits?: Partial<IpLimits> | false;
}

export interface AuthContext {
  db: Database;
  jwtSecret: string;
  siteUrl: string;
  mailer: Mailer;
  autoconfirm: boolean;
  now: () => Date;
  externalUrl: string | undefined;
  redirectAllowList: readonly string[];
  jwtExpirySeconds: number;
  refreshReuseSeconds: number;
  mailFrequencySeconds: number;
  otpExpirySeconds: number;
  flowStateExpirySeconds: number;
}

export function authContext(options: AuthOptions): AuthContext {
  return {
    db: options.db,
    jwtSecret: options.jwtSecret,
    siteUrl: options.siteUrl,
    mailer: options.mailer,
    autoconfirm: options.autoconfirm ?? false,
    now: options.now ?? (() => new Date()),
    externalUrl: options.externalUrl,
    redirectAllowList: options.redirectAllowList ?? [],
    jwtExpirySeconds: options.jwtExpirySeconds ?? 3600,
    refreshReuseSeconds: options.refreshReuseSeconds ?? 10,
    mailFrequencySeconds: options.mailFrequencySeconds ?? 60,
    otpExpirySeconds: options.otpExpirySeconds ?? 3600,
    flowStateExpirySeconds: options.flowStateExpirySeconds ?? 300,
  };
}

/**
 * Runs fn in one transaction as `supabase_auth_admin`, the role GoTrue connects as: it owns the
 * auth tables, and triggers on auth.users (the profile trigger) fire as it, as on hosted Supabase.
 */
export function asAuthAdmin<T>(ctx: AuthContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.exec('set local role supabase_auth_admin');
    return fn(tx);
  });
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
