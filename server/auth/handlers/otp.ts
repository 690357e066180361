import type { OutgoingMail } from '../../mail/outbox.ts';
import { type AuthRequest, bodyAs, readJson, redirectTarget, sendJson } from '../http.ts';
import { prepareTokenMail } from '../mails.ts';
import { createFlowState } from '../pkce.ts';
import { OTP_BODY, otpSignupsDisabled } from '../requestBodies.ts';
import { userByEmail, userById, type UserRow } from '../users.ts';
import { randomPasswordHash } from '../passwordHashing.ts';
import { signUpEmail, signUpTransaction } from './signup.ts';

// POST /otp with an email (GoTrue's otp.go and magic_link.go): a magic link with a
// 6-digit code for a confirmed user; an unknown or unconfirmed address goes through sign-up with a
// random password, whose confirmation mail carries the code instead (or, with autoconfirm, the
// new user gets the magic link). `create_user: false` refuses unknown addresses.

export async function otp(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  limit('otp');
  // GoTrue's default for create_user is true; only an explicit false turns sign-ups off.
  const { email, pkce, data, create_user: createUser } = bodyAs(OTP_BODY, await readJson(req));
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const acceptLanguage = req.headers['accept-language'];
  const mail = await signUpTransaction(ctx, async (tx): Promise<OutgoingMail | undefined> => {
    let user: UserRow | undefined = await userByEmail(tx, email);
    if (user === undefined && !createUser) throw otpSignupsDisabled();
    if (user?.email_confirmed_at == null) {
      const outcome = await signUpEmail(tx, ctx, {
        email,
        passwordHash: randomPasswordHash(),
        data,
        pkce,
        base,
        redirect,
        acceptLanguage,
      });
      if (outcome.kind === 'pending') return outcome.mail;
      if (outcome.kind === 'hidden') return undefined;
      // Autoconfirm: the new user is confirmed, and gets the magic link below.
      user = await userById(tx, outcome.user.id);
      if (user === undefined) return undefined;
    }
    if (pkce !== undefined) await createFlowState(tx, ctx, user.id, 'magiclink', pkce);
    return prepareTokenMail(tx, ctx, user, 'magiclink', email, base, redirect, {
      pkce: pkce !== undefined,
      acceptLanguage,
    });
  });
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, {});
}
