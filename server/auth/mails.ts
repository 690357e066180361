import type { Queryable } from '../db/database.ts';
import { escapeHtml, type OutgoingMail } from '../mail/outbox.ts';
import type { AuthContext } from './context.ts';
import { PKCE_PREFIX } from './pkce.ts';
import { checkMailFrequency } from './rateLimits.ts';
import { newOneTimeToken, recordOneTimeToken, type TokenColumn } from './tokens.ts';
import type { UserRow } from './users.ts';

// The mails that carry a one-time token: sign-up confirmation, invitation, password recovery,
// magic link and the confirmation of a new address. As in GoTrue, an invitation shares the
// confirmation token and a magic link the recovery token (and with it the recovery mail's
// frequency limit). Each mail exists in French (the default), English and Spanish and goes out
// in the recipient's language: user_metadata.language when it is one of them, else the best
// match of the request's Accept-Language, else French.

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';
type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';

export const MAIL_LANGUAGES = ['fr', 'en', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'fr';

// `limited`: the per-user mail frequency applies (GoTrue's invitations have none).
const KINDS: Record<MailKind, { column: TokenColumn; sentAt: SentAtColumn; limited: boolean }> = {
  signup: { column: 'confirmation_token', sentAt: 'confirmation_sent_at', limited: true },
  invite: { column: 'confirmation_token', sentAt: 'confirmation_sent_at', limited: false },
  magiclink: { column: 'recovery_token', sentAt: 'recovery_sent_at', limited: true },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at', limited: true },
  email_change: { column: 'email_change_token_new', sentAt: 'email_change_sent_at', limited: true },
};

interface MailWording {
  /** Before the code, in both parts. */
  code: string;
  /** The last line, in both parts. */
  ignore: string;
  kinds: Record<MailKind, { subject: string; intro: string }>;
}

/** The wording of the mails: French with vouvoiement, Spanish with usted, plain English. */
const WORDING: Record<MailLanguage, MailWording> = {
  fr: {
    code: 'Ou saisissez ce code :',
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    kinds: {
      signup: {
        subject: 'Confirmez votre compte Blockademia',
        intro: 'Bienvenue sur Blockademia ! Suivez ce lien pour confirmer votre adresse e-mail :',
      },
      invite: {
        subject: 'Votre invitation à rejoindre Blockademia',
        intro:
          "Blockademia vous invite à nous rejoindre. Suivez ce lien pour accepter l'invitation :",
      },
      magiclink: {
        subject: 'Votre lien de connexion à Blockademia',
        intro: 'Suivez ce lien pour vous connecter à Blockademia :',
      },
      recovery: {
        subject: 'Réinitialisez votre mot de passe Blockademia',
        intro: 'Suivez ce lien pour choisir un nouveau mot de passe :',
      },
      email_change: {
        subject: 'Confirmez votre nouvelle adresse e-mail',
        intro: 'Suivez ce lien pour confirmer le changement de votre adresse e-mail Blockademia :',
      },
    },
  },
  en: {
    code: 'Or enter this code:',
    ignore: 'If you did not ask for this, ignore this mail.',
    kinds: {
      signup: {
        subject: 'Confirm your Blockademia account',
        intro: 'Welcome to Blockademia! Follow this link to confirm your email address:',
      },
      invite: {
        subject: 'You have been invited to Blockademia',
        intro:
          'You have been invited to join Blockademia. Follow this link to accept the invitation:',
      },
      magiclink: {
        subject: 'Your Blockademia sign-in link',
        intro: 'Follow this link to sign in to Blockademia:',
      },
      recovery: {
        subject: 'Reset your Blockademia password',
        intro: 'Follow this link to choose a new password:',
      },
      email_change: {
        subject: 'Confirm your new email address',
        intro: 'Follow this link to confirm the change of your Blockademia email address:',
      },
    },
  },
  es: {
    code: 'O introduzca este código:',
    ignore: 'Si usted no lo ha solicitado, ignore este mensaje.',
    kinds: {
      signup: {
        subject: 'Confirme su cuenta de Blockademia',
        intro:
          '¡Le damos la bienvenida a Blockademia! Siga este enlace para confirmar su dirección de correo electrónico:',
      },
      invite: {
        subject: 'Su invitación para unirse a Blockademia',
        intro: 'Blockademia le invita a unirse. Siga este enlace para aceptar la invitación:',
      },
      magiclink: {
        subject: 'Su enlace para iniciar sesión en Blockademia',
        intro: 'Siga este enlace para iniciar sesión en Blockademia:',
      },
      recovery: {
        subject: 'Restablezca su contraseña de Blockademia',
        intro: 'Siga este enlace para elegir una nueva contraseña:',
      },
      email_change: {
        subject: 'Confirme su nueva dirección de correo electrónico',
        intro:
          'Siga este enlace para confirmar el cambio de su dirección de correo electrónico en Blockademia:',
      },
    },
  },
};

const isMailLanguage = (value: unknown): value is MailLanguage =>
  typeof value === 'string' && (MAIL_LANGUAGES as readonly string[]).includes(value);

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

function compose(
  kind: MailKind,
  language: MailLanguage,
  to: string,
  link: string,
  otp: string,
): OutgoingMail {
  const { code, ignore, kinds } = WORDING[language];
  const { subject, intro } = kinds[kind];
  const text = `${intro}\n\n${link}\n\n${code} ${otp}\n\n${ignore}\n`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p><p>${escapeHtml(code)} <strong>${escapeHtml(otp)}</strong></p><p>${escapeHtml(ignore)}</p>`;
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
  if (KINDS[kind].limited) checkMailFrequency(ctx, user[KINDS[kind].sentAt]);
  const { link, otp } = await issueLink(tx, ctx, user, kind, address, base, redirectTo, options);
  return compose(kind, mailLanguage(user, options.acceptLanguage), address, link, otp);
}

export const tokenColumn = (kind: MailKind): TokenColumn => KINDS[kind].column;
export const sentAtColumn = (kind: MailKind): SentAtColumn => KINDS[kind].sentAt;
