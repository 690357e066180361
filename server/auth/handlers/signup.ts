import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { createUser } from '../accounts.ts';
import { asAuthAdmin, type AuthContext } from '../context.ts';
import { isEmailTaken } from '../emailTaken.ts';
import { AuthError } from '../errors.ts';
import { type AuthRequest, bodyAs, readJson, redirectTarget, sendJson } from '../http.ts';
import { answerWithoutMail, prepareTokenMail } from '../mails.ts';
import { hashPassword } from '../passwordHashing.ts';
import { createFlowState, type PkceChallenge } from '../pkce.ts';
import { SIGNUP_BODY } from '../requestBodies.ts';
import { startSession } from '../sessions.ts';
import { type Json, userById, userByEmail, userJson, type UserRow } from '../users.ts';

// POST /signup with email and password. The sign-up itself is shared with POST /otp,
// which signs unknown addresses up with a random password as GoTrue does.

/** What GoTrue answers for an already confirmed address when confirmations are on. */
function obfuscatedUser(email: string, data: Json, now: Date): Json {
  const time = now.toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: time,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: time,
    updated_at: time,
    is_anonymous: false,
  };
}

export interface EmailSignup {
  email: string;
  /** The password's hash (passwordHashing.ts). */
  passwordHash: string;
  data: Json;
  pkce: PkceChallenge | undefined;
  base: string;
  redirect: string;
  /** The request's Accept-Language, for the mail's language. */
  acceptLanguage: string | undefined;
}

export type SignupOutcome =
  /** The address is taken and confirmed: the fake user that reveals nothing. */
  | { kind: 'hidden'; answer: Json }
  /** Autoconfirm: the user is confirmed and may be signed in. */
  | { kind: 'confirmed'; user: UserRow }
  /** A confirmation mail waits to be sent once the transaction commits. */
  | { kind: 'pending'; user: UserRow; mail: OutgoingMail };

/**
 * GoTrue's sign-up: creates the user (an unconfirmed one is left as it is, since nobody has
 * proven the address) and, without autoconfirm, prepares the confirmation mail, PKCE-bound when
 * a challenge came along.
 */
export async function signUpEmail(
  tx: Queryable,
  ctx: AuthContext,
  signup: EmailSignup,
): Promise<SignupOutcome> {
  const { email, data } = signup;
  const existing = await userByEmail(tx, email);
  if (existing?.email_confirmed_at != null) {
    if (ctx.autoconfirm) {
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    }
    // Repeated within the mail frequency, it answers 429 as a new or unconfirmed address does.
    answerWithoutMail(ctx, 'signup', email);
    return { kind: 'hidden', answer: obfuscatedUser(email, data, ctx.now()) };
  }
  const user =
    existing ??
    (await createUser(tx, ctx, {
      email,
      passwordHash: signup.passwordHash,
      userMetadata: data,
      confirmed: ctx.autoconfirm,
    }));
  if (ctx.autoconfirm) return { kind: 'confirmed', user };
  if (signup.pkce !== undefined) {
    await createFlowState(tx, ctx, user.id, 'email/signup', signup.pkce);
  }
  const mail = await prepareTokenMail(
    tx,
    ctx,
    user,
    'signup',
    email,
    signup.base,
    signup.redirect,
    { pkce: signup.pkce !== undefined, acceptLanguage: signup.acceptLanguage },
  );
  return { kind: 'pending', user, mail };
}

/**
 * Runs a sign-up transaction; a failing trigger on auth.users fails it as GoTrue reports it.
 * When a concurrent request created a user with the address first (emailTaken.ts), the
 * transaction runs once more and answers as if it had come second, with that user in place; a
 * third collision is 422 user_already_exists.
 */
export async function signUpTransaction<T>(
  ctx: AuthContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await asAuthAdmin(ctx, fn);
    } catch (error) {
      if (error instanceof AuthError) throw error;
      if (!isEmailTaken(error)) {
        throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
      }
      if (attempt > 1) throw new AuthError(422, 'user_already_exists', 'User already registered');
    }
  }
}

export async function signup({ req, res, url, ctx, base, limit }: AuthRequest): Promise<void> {
  limit('otp');
  const { email, password, pkce, data } = bodyAs(SIGNUP_BODY, await readJson(req));
  // Hashed before the transaction, which must not wait on it (passwordHashing.ts); for every
  // address alike, so that the answer's timing does not tell a new address from a known one.
  const passwordHash = await hashPassword(password);
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  let mail: OutgoingMail | undefined;
  const answer = await signUpTransaction(ctx, async (tx) => {
    const outcome = await signUpEmail(tx, ctx, {
      email,
      passwordHash,
      data,
      pkce,
      base,
      redirect,
      acceptLanguage: req.headers['accept-language'],
    });
    if (outcome.kind === 'hidden') return outcome.answer;
    if (outcome.kind === 'confirmed')
      return startSession(tx, ctx, outcome.user.id, 'password', base);
    mail = outcome.mail;
    return userJson(tx, (await userById(tx, outcome.user.id)) ?? outcome.user);
  });
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, answer);
}
