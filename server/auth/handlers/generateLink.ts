import { createUser } from '../accounts.ts';
import { asAuthAdmin } from '../context.ts';
import { AuthError } from '../errors.ts';
import { type AuthRequest, bodyAs, readJson, redirectTarget, sendJson } from '../http.ts';
import { issueLink, type MailKind } from '../mails.ts';
import { hashPassword } from '../passwordHashing.ts';
import { GENERATE_LINK_BODY, type GENERATE_LINK_TYPES } from '../requestBodies.ts';
import { normalizeEmail, requireUser, userByEmail, userJson } from '../users.ts';

// POST /admin/generate_link: the link and OTP a mail would carry, without a mail.
// Types: signup (creates the user when needed), magiclink, recovery, email_change_new.

const KINDS: Record<(typeof GENERATE_LINK_TYPES)[number], MailKind> = {
  signup: 'signup',
  magiclink: 'recovery',
  recovery: 'recovery',
  email_change_new: 'email_change',
};

export async function generateLink({ req, res, url, ctx, base }: AuthRequest): Promise<void> {
  const body = bodyAs(GENERATE_LINK_BODY, await readJson(req));
  const { type, email } = body;
  const kind = KINDS[type];
  const redirect = redirectTarget(ctx, body.redirect_to ?? url.searchParams.get('redirect_to'));
  // A sign-up link creates the user when the address is new: its password hashed beforehand.
  const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
  const answer = await asAuthAdmin(ctx, async (tx) => {
    let user = await userByEmail(tx, email);
    if (user === undefined) {
      if (type !== 'signup')
        throw new AuthError(404, 'user_not_found', 'User with this email not found');
      user = await createUser(tx, ctx, {
        email,
        passwordHash,
        userMetadata: body.data,
        confirmed: false,
      });
    }
    let address = email;
    if (kind === 'email_change') {
      address = normalizeEmail(body.new_email);
      if ((await userByEmail(tx, address)) !== undefined) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      await tx.query('update auth.users set email_change = $2 where id = $1', [user.id, address]);
    }
    const issued = await issueLink(tx, ctx, user, kind, address, base, redirect);
    const link = new URL(issued.link);
    link.searchParams.set('type', type === 'email_change_new' ? 'email_change' : type);
    const fresh = await requireUser(tx, user.id);
    return {
      ...(await userJson(tx, fresh)),
      action_link: link.toString(),
      email_otp: issued.otp,
      hashed_token: issued.hash,
      verification_type: link.searchParams.get('type'),
      redirect_to: redirect,
    };
  });
  sendJson(req, res, 200, answer);
}
