import type { OutgoingMail } from '../../mail/outbox.ts';
import { asAuthAdmin } from '../context.ts';
import { type AuthRequest, bodyAs, readJson, redirectTarget, sendJson } from '../http.ts';
import { answerWithoutMail, prepareTokenMail } from '../mails.ts';
import { createFlowState } from '../pkce.ts';
import { RECOVER_BODY, RESEND_BODY } from '../requestBodies.ts';
import { userByEmail, type UserRow } from '../users.ts';

// POST /recover and POST /resend: both answer `{}` whether or not the address belongs to
// someone, so that they reveal nothing. A repeat within the mail frequency answers 429 in every
// case: after a mail, as GoTrue does, and after a request that sent none (answerWithoutMail),
// where GoTrue would answer `{}` again and so tell the two apart.

export async function recover(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  limit('otp');
  const { email, pkce } = bodyAs(RECOVER_BODY, await readJson(req));
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const mail = await asAuthAdmin(ctx, async (tx): Promise<OutgoingMail | undefined> => {
    const user = await userByEmail(tx, email);
    if (user === undefined) {
      answerWithoutMail(ctx, 'recovery', email);
      return undefined;
    }
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
  const { type, email } = bodyAs(RESEND_BODY, await readJson(req));
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const options = { acceptLanguage: req.headers['accept-language'] };
  const mail = await asAuthAdmin(ctx, async (tx): Promise<OutgoingMail | undefined> => {
    const user = await userByEmail(tx, email);
    const address = user === undefined ? undefined : resendAddress(user, type, email);
    if (user === undefined || address === undefined) {
      answerWithoutMail(ctx, type, email);
      return undefined;
    }
    return prepareTokenMail(tx, ctx, user, type, address, base, redirect, options);
  });
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, {});
}

/**
 * Where a resend of this type goes, or undefined when there is nothing to send: an address
 * already confirmed, or no change of address pending.
 */
function resendAddress(
  user: UserRow,
  type: 'signup' | 'email_change',
  email: string,
): string | undefined {
  if (type === 'signup') return user.email_confirmed_at === null ? email : undefined;
  return user.email_change === null || user.email_change === '' ? undefined : user.email_change;
}
