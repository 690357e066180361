import { randomUUID } from 'node:crypto';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { createUser } from '../accounts.ts';
import { asAuthAdmin } from '../context.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { type AuthRequest, readJson, redirectTarget, sendJson, text } from '../http.ts';
import { prepareTokenMail } from '../mails.ts';
import { checkPassword } from '../passwords.ts';
import { startSession } from '../sessions.ts';
import { type Json, normalizeEmail, userById, userByEmail, userJson } from '../users.ts';

// POST /signup with email and password (§2.3.1).

export const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

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

export async function signup({ req, res, url, ctx, base, limit }: AuthRequest): Promise<void> {
  limit('otp');
  const body = await readJson(req);
  if (text(body, 'phone') !== undefined) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  if (text(body, 'email') === undefined && text(body, 'password') === undefined) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (text(body, 'password') === undefined) {
    throw validationFailed('Signup requires a valid password');
  }
  const password = checkPassword(body.password);
  const email = normalizeEmail(body.email);
  const data = asObject(body.data);
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  let mail: OutgoingMail | undefined;
  let answer: Json;
  try {
    answer = await asAuthAdmin(ctx, async (tx) => {
      const existing = await userByEmail(tx, email);
      if (existing?.email_confirmed_at != null) {
        if (ctx.autoconfirm) {
          throw new AuthError(422, 'user_already_exists', 'User already registered');
        }
        return obfuscatedUser(email, data, ctx.now());
      }
      const user =
        existing ??
        (await createUser(tx, ctx, {
          email,
          password,
          userMetadata: data,
          confirmed: ctx.autoconfirm,
        }));
      if (ctx.autoconfirm) return startSession(tx, ctx, user.id, 'password', base);
      mail = await prepareTokenMail(tx, ctx, user, 'signup', email, base, redirect);
      return userJson(tx, (await userById(tx, user.id)) ?? user);
    });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // A failing trigger on auth.users (e.g. the profile trigger) fails the sign-up as a whole.
    throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
  }
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, answer);
}
