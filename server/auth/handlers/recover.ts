import type { OutgoingMail } from '../../mail/outbox.ts';
import { asAuthAdmin } from '../context.ts';
import { validationFailed } from '../errors.ts';
import { type AuthRequest, readJson, redirectTarget, sendJson, text } from '../http.ts';
import { prepareTokenMail } from '../mails.ts';
import { createFlowState, readPkce } from '../pkce.ts';
import { normalizeEmail, userByEmail } from '../users.ts';

// POST /recover and POST /resend: both answer `{}` whether or not the
// address belongs to someone, so that they reveal nothing (the frequency limit excepted).

export async function recover(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  limit('otp');
  const body = await readJson(req);
  if (text(body, 'email') === undefined) {
    throw validationFailed('Password recovery requires an email');
  }
  const email = normalizeEmail(body.email);
  const pkce = readPkce(body);
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const mail = await asAuthAdmin(ctx, async (tx): Promise<OutgoingMail | undefined> => {
    const user = await userByEmail(tx, email);
    if (user === undefined) return undefined;
    if (pkce !== undefined) await createFlowState(tx, ctx, user.id, 'recovery', pkce);
    return prepareTokenMail(tx, ctx, user, 'recovery', email, base, redirect, {
      pkce: pkce !== undefined,
      acceptLanguage: req.headers['accept-language'],
    });
  });
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, {});
}

export async function resend(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  limit('otp');
  const body = await readJson(req);
  const type = text(body, 'type');
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = normalizeEmail(body.email);
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const options = { acceptLanguage: req.headers['accept-language'] };
  const mail = await asAuthAdmin(ctx, async (tx): Promise<OutgoingMail | undefined> => {
    const user = await userByEmail(tx, email);
    if (user === undefined) return undefined;
    if (type === 'signup') {
      if (user.email_confirmed_at !== null) return undefined;
      return prepareTokenMail(tx, ctx, user, 'signup', email, base, redirect, options);
    }
    if (user.email_change === null || user.email_change === '') return undefined;
    const address = user.email_change;
    return prepareTokenMail(tx, ctx, user, 'email_change', address, base, redirect, options);
  });
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, {});
}
