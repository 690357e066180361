import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../shared/catalog.ts';
import type { Queryable } from '../db/database.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { AuthContext } from './context.ts';
import type { MailTemplateName } from './projectConfig.ts';
import { PKCE_PREFIX } from './pkce.ts';
import { checkMailFrequency } from './rateLimits.ts';
import { newOneTimeToken, recordOneTimeToken, type TokenColumn } from './tokens.ts';
import type { UserRow } from './users.ts';

// The mails that carry a one-time token: sign-up confirmation, invitation, password recovery,
// magic link and the confirmation of a new address. As in GoTrue, an invitation shares the
// confirmation token and a magic link the recovery token (and with it the recovery mail's
// frequency limit). Each mail exists in French (the default), English and Spanish and goes out
// in the recipient's language: user_metadata.language when it is one of them, else the best
// match of the request's Accept-Language, else French. The wording is in the templates of
// supabase/templates/ (see mailTemplates.ts), which get that language as `.Data.language`;
// hosted Supabase, which has no request header to go by, falls back to French directly.

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';
type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';

// The product's languages, the same for the mails as for the pages.
export const MAIL_LANGUAGES = LANGUAGES;
export type MailLanguage = Language;
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = DEFAULT_LANGUAGE;

interface KindRules {
  column: TokenColumn;
  sentAt: SentAtColumn;
  /** The per-user mail frequency applies (GoTrue's invitations have none). */
  limited: boolean;
  template: MailTemplateName;
}

const KINDS: Record<MailKind, KindRules> = {
  signup: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    limited: true,
    template: 'confirmation',
  },
  invite: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    limited: false,
    template: 'invite',
  },
  magiclink: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    limited: true,
    template: 'magic_link',
  },
  recovery: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    limited: true,
    template: 'recovery',
  },
  email_change: {
    column: 'email_change_token_new',
    sentAt: 'email_change_sent_at',
    limited: true,
    template: 'email_change',
  },
};

const isMailLanguage = isLanguage;

/**
 * The best of fr, en and es for an Accept-Language header (RFC 9110, section 12.5.4), or
 * undefined when it accepts none of them. Ranges are weighed by their q value, ties in header
 * order; a range matches by its primary subtag, as RFC 4647's lookup (`es-MX` falls back to
 * `es`); `*` stands for the first of fr, en and es that a range with q=0 does not exclude.
 */
export function languageFromAcceptLanguage(
  header: string | readonly string[] | undefined,
): MailLanguage | undefined {
  if (header === undefined) return undefined;
  const ranges: { tag: string; q: number; index: number }[] = [];
  const entries = (typeof header === 'string' ? header : header.join(',')).split(',');
  for (const [index, entry] of entries.entries()) {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim());
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/i.test(range)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.exec(param);
      if (match?.[1] !== undefined) q = Number(match[1]);
    }
    ranges.push({ tag: range.toLowerCase(), q, index });
  }
  const excluded = new Set(ranges.filter((r) => r.q === 0).map((r) => r.tag));
  const accepted = ranges.filter((r) => r.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const language =
      tag === '*'
        ? MAIL_LANGUAGES.find((candidate) => !excluded.has(candidate))
        : tag.split('-')[0];
    if (isMailLanguage(language)) return language;
  }
  return undefined;
}

/** The recipient's language: user_metadata.language, else Accept-Language, else French. */
export function mailLanguage(
  user: Pick<UserRow, 'raw_user_meta_data'>,
  acceptLanguage: string | readonly string[] | undefined,
): MailLanguage {
  const chosen = user.raw_user_meta_data?.language;
  if (isMailLanguage(chosen)) return chosen;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_MAIL_LANGUAGE;
}

export interface IssuedLink {
  /** The `/verify` link with the token hash. */
  link: string;
  otp: string;
  hash: string;
}

export interface LinkOptions {
  /** A PKCE flow: the stored and linked token hash gets the `pkce_` prefix. */
  pkce?: boolean;
}

export interface MailOptions extends LinkOptions {
  /** The request's Accept-Language, used when the user's metadata names no language. */
  acceptLanguage?: string | readonly string[] | undefined;
}

/** Issues a fresh token of this kind for the user and stores its hash and the sent time. */
export async function issueLink(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  address: string,
  base: string,
  redirectTo: string,
  options: LinkOptions = {},
): Promise<IssuedLink> {
  const { column, sentAt } = KINDS[kind];
  const token = newOneTimeToken(address);
  const hash = options.pkce === true ? `${PKCE_PREFIX}${token.hash}` : token.hash;
  const now = ctx.now();
  const invited = kind === 'invite' ? ', invited_at = $3' : '';
  await tx.query(
    `update auth.users set ${column} = $2, ${sentAt} = $3, updated_at = $3${invited} where id = $1`,
    [user.id, hash, now.toISOString()],
  );
  await recordOneTimeToken(tx, user.id, column, hash, address, now);
  const query = new URLSearchParams({ token: hash, type: kind, redirect_to: redirectTo });
  return { link: `${base}/verify?${query.toString()}`, otp: token.otp, hash };
}

/**
 * Issues a token (after the per-user frequency check, for the kinds that have one) and returns
 * the mail carrying it, to send once the transaction has committed.
 */
export async function prepareTokenMail(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  address: string,
  base: string,
  redirectTo: string,
  options: MailOptions = {},
): Promise<OutgoingMail> {
  const rules = KINDS[kind];
  if (rules.limited) {
    // A request for this address that sent nothing counts as a mail sent, e.g. a resend for an
    // address that had no account yet and then signed up.
    const asked = ctx.unsentMails.lastAsked(rules.sentAt, user.email ?? address);
    checkMailFrequency(ctx, latest(user[rules.sentAt], asked));
  }
  const { link, otp, hash } = await issueLink(
    tx,
    ctx,
    user,
    kind,
    address,
    base,
    redirectTo,
    options,
  );
  const mail = ctx.mailTemplates[rules.template].render({
    ConfirmationURL: link,
    Token: otp,
    TokenHash: hash,
    SiteURL: ctx.siteUrl,
    Email: user.email ?? address,
    ...(kind === 'email_change' ? { NewEmail: address } : {}),
    RedirectTo: redirectTo,
    Data: { ...user.raw_user_meta_data, language: mailLanguage(user, options.acceptLanguage) },
  });
  return { to: address, ...mail };
}

/**
 * For a request that would mail this address but sends nothing (no such account, or nothing to
 * confirm): 429 when one of the same kind was asked within the mail frequency, as a mail that
 * did go out would answer, else remembered. The caller then answers as it does after a mail.
 */
export function answerWithoutMail(ctx: AuthContext, kind: MailKind, address: string): void {
  const slot = KINDS[kind].sentAt;
  checkMailFrequency(ctx, ctx.unsentMails.lastAsked(slot, address));
  ctx.unsentMails.remember(slot, address);
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (a === null || b === null) return a ?? b;
  return new Date(a).getTime() >= b.getTime() ? a : b;
}

/** The template of each kind of mail, by its name in supabase/config.toml. */
export const templateOf = (kind: MailKind): MailTemplateName => KINDS[kind].template;

export const tokenColumn = (kind: MailKind): TokenColumn => KINDS[kind].column;
export const sentAtColumn = (kind: MailKind): SentAtColumn => KINDS[kind].sentAt;
