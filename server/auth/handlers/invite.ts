import { createUser } from '../accounts.ts';
import { AuthError } from '../errors.ts';
import { type AuthRequest, bodyAs, readJson, redirectTarget, sendJson } from '../http.ts';
import { prepareTokenMail } from '../mails.ts';
import { INVITE_BODY } from '../requestBodies.ts';
import { requireUser, userByEmail, userJson } from '../users.ts';
import { withAdmin } from './admin.ts';
import { signUpTransaction } from './signup.ts';

// POST /invite (GoTrue's invite.go), service role only: creates the user without a
// password (or re-invites one who never confirmed) and mails an invitation link of type
// `invite`. Following it confirms the address and signs the user in, who then sets a password
// with PUT /user. GoTrue applies no per-user frequency limit to invitations.

export const invite = withAdmin(async ({ req, res, url, ctx, base }: AuthRequest) => {
  const { email, data } = bodyAs(INVITE_BODY, await readJson(req));
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const { answer, mail } = await signUpTransaction(ctx, async (tx) => {
    let user = await userByEmail(tx, email);
    if (user?.email_confirmed_at != null) {
      throw new AuthError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    user ??= await createUser(tx, ctx, {
      email,
      passwordHash: null,
      userMetadata: data,
      confirmed: false,
    });
    const mail = await prepareTokenMail(tx, ctx, user, 'invite', email, base, redirect, {
      acceptLanguage: req.headers['accept-language'],
    });
    return { answer: await userJson(tx, await requireUser(tx, user.id)), mail };
  });
  await ctx.mailer.send(mail);
  sendJson(req, res, 200, answer);
});
