import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/outbox.ts';
import { loadMailTemplates, type MailTemplates } from './mailTemplates.ts';
import { MAIL_LANGUAGES } from './mails.ts';
import { type ProjectAuthConfig, readProjectConfig } from './projectConfig.ts';
import type { IpLimits } from './rateLimits.ts';
import { createUnsentMails, type UnsentMails } from './unsentMails.ts';

// What every auth handler shares: the options, the clock and the database as GoTrue's role.
// The rules hosted Supabase is given too (lifetimes, limits, redirects, the mails) come from
// supabase/config.toml unless an option overrides them (tests do, to move faster).

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
  /** supabase/config.toml's auth settings; read from the repository's file by default. */
  project?: ProjectAuthConfig;
  /** More allowed `redirect_to` prefixes besides the site URL's origin. */
  redirectAllowList?: readonly string[];
  /** Access-token lifetime in seconds. */
  jwtExpirySeconds?: number;
  /** Seconds a revoked refresh token may still be reused. */
  refreshReuseSeconds?: number;
  /** Minimum seconds between two mails of one kind to one user. */
  mailFrequencySeconds?: number;
  /** Lifetime of emailed tokens in seconds. */
  otpExpirySeconds?: number;
  /** Lifetime of a PKCE flow state in seconds (default 300, as GoTrue). */
  flowStateExpirySeconds?: number;
  /** Per-IP request budgets, each replacing the config's; false turns them off. */
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
  ipLimits: IpLimits | false;
  mailTemplates: MailTemplates;
  /** The mail requests that sent nothing, so that their repeats answer as a sent mail's do. */
  unsentMails: UnsentMails;
}

/** Throws, before any request is served, when config.toml or a mail template is not usable. */
export function authContext(options: AuthOptions): AuthContext {
  const project = options.project ?? readProjectConfig();
  const now = options.now ?? (() => new Date());
  const mailFrequencySeconds = options.mailFrequencySeconds ?? project.mailFrequencySeconds;
  return {
    db: options.db,
    jwtSecret: options.jwtSecret,
    siteUrl: options.siteUrl,
    mailer: options.mailer,
    autoconfirm: options.autoconfirm ?? false,
    now,
    externalUrl: options.externalUrl,
    redirectAllowList: options.redirectAllowList ?? project.redirectAllowList,
    jwtExpirySeconds: options.jwtExpirySeconds ?? project.jwtExpirySeconds,
    refreshReuseSeconds: options.refreshReuseSeconds ?? project.refreshReuseSeconds,
    mailFrequencySeconds,
    otpExpirySeconds: options.otpExpirySeconds ?? project.otpExpirySeconds,
    flowStateExpirySeconds: options.flowStateExpirySeconds ?? 300,
    ipLimits: options.ipLimits === false ? false : { ...project.ipLimits, ...options.ipLimits },
    mailTemplates: loadMailTemplates(project, MAIL_LANGUAGES),
    unsentMails: createUnsentMails(now, mailFrequencySeconds),
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
