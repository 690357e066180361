import type { Queryable } from '../db/database.ts';
import { escapeHtml, type OutgoingMail } from '../mail/outbox.ts';
import type { AuthContext } from './context.ts';
import { PKCE_PREFIX } from './pkce.ts';
import { checkMailFrequency } from './rateLimits.ts';
import { newOneTimeToken, recordOneTimeToken, type TokenColumn } from './tokens.ts';
import type { UserRow } from './users.ts';

// The mails that carry a one-time token: sign-up confirmation, invitation, password recovery,
// magic link and the confirmation of a new address. English for now; the product translates
// templates later. As in GoTrue, an invitation shares the confirmation token and a magic link
// the recovery token (and with it the recovery mail's frequency limit).

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';
type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';

const KINDS: Record<
  MailKind,
  { column: TokenColumn; sentAt: SentAtColumn; subject: string; intro: string }
> = {
  signup: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    subject: 'Confirm your Blockademia account',
    intro: 'Welcome to Blockademia! Follow this link to confirm your email address:',
  },
  invite: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    subject: 'You have been invited to Blockademia',
    intro: 'You have been invited to join Blockademia. Follow this link to accept the invitation:',
  },
  magiclink: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    subject: 'Your Blockademia sign-in link',
    intro: 'Follow this link to sign in to Blockademia:',
  },
  recovery: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    subject: 'Reset your Blockademia password',
    intro: 'Follow this link to choose a new password:',
  },
  email_change: {
    column: 'email_change_token_new',
    sentAt: 'email_change_sent_at',
    subject: 'Confirm your new email address',
    intro: 'Follow this link to confirm the change of your Blockademia email address:',
  },
};

function compose(kind: MailKind, to: string, link: string, otp: string): OutgoingMail {
  const { subject, intro } = KINDS[kind];
  const text = `${intro}\n\n${link}\n\nOr enter this code: ${otp}\n\nIf you did not ask for this, ignore this mail.\n`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p><p>Or enter this code: <strong>${escapeHtml(otp)}</strong></p><p>If you did not ask for this, ignore this mail.</p>`;
  return { to, subject, text, html };
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

/** Issues a token without the frequency check (GoTrue's invitations have none). */
export async function prepareUncheckedTokenMail(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  address: string,
  base: string,
  redirectTo: string,
  options: LinkOptions = {},
): Promise<OutgoingMail> {
  const { link, otp } = await issueLink(tx, ctx, user, kind, address, base, redirectTo, options);
  return compose(kind, address, link, otp);
}

/**
 * Issues a token after the per-user frequency check and returns the mail carrying it, to send
 * once the transaction has committed.
 */
export async function prepareTokenMail(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  address: string,
  base: string,
  redirectTo: string,
  options: LinkOptions = {},
): Promise<OutgoingMail> {
  checkMailFrequency(ctx, user[KINDS[kind].sentAt]);
  return prepareUncheckedTokenMail(tx, ctx, user, kind, address, base, redirectTo, options);
}

export const tokenColumn = (kind: MailKind): TokenColumn => KINDS[kind].column;
export const sentAtColumn = (kind: MailKind): SentAtColumn => KINDS[kind].sentAt;
