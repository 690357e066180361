import type { Queryable } from '../../db/database.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { setPassword } from '../accounts.ts';
import { asAuthAdmin } from '../context.ts';
import { AuthError, badRequest } from '../errors.ts';
import {
  type AuthRequest,
  bearerClaims,
  bodyAs,
  readJson,
  redirectTarget,
  sendJson,
} from '../http.ts';
import { prepareTokenMail } from '../mails.ts';
import { hashPassword, passwordMatchesHash } from '../passwordHashing.ts';
import { createFlowState } from '../pkce.ts';
import { USER_UPDATE_BODY } from '../requestBodies.ts';
import {
  isBanned,
  mergeMetadata,
  requireUser,
  userByEmail,
  userById,
  userJson,
  type UserRow,
} from '../users.ts';

// GET /user and PUT /user: the bearer's user, checked against its session row.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sessions that came from an emailed link or code (GoTrue's Session.IsRecovery: amr `otp`,
 * `magiclink` or `recovery`) set a new password without the current one.
 */
const LINK_METHODS = new Set(['otp', 'magiclink', 'recovery']);

export interface CurrentSession {
  user: UserRow;
  sessionId: string | null;
  /** The sign-in method of the token (`password`, `recovery`, ...). */
  method: string | undefined;
}

export async function currentSession(
  tx: Queryable,
  { req, ctx }: AuthRequest,
): Promise<CurrentSession> {
  const claims = bearerClaims(req, ctx);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!UUID.test(sub))
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await userById(tx, sub);
  if (user === undefined) {
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId !== null) {
    const { rows } = await tx.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
      UUID.test(sessionId) ? sessionId : null,
      user.id,
    ]);
    if (rows.length === 0) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
  }
  if (isBanned(user, ctx.now())) throw new AuthError(403, 'user_banned', 'User is banned');
  const amr = Array.isArray(claims.amr)
    ? (claims.amr[0] as { method?: unknown } | undefined)
    : undefined;
  const method = typeof amr?.method === 'string' ? amr.method : undefined;
  return { user, sessionId, method };
}

export async function getUser(request: AuthRequest): Promise<void> {
  const answer = await asAuthAdmin(request.ctx, async (tx) => {
    const { user } = await currentSession(tx, request);
    return userJson(tx, user);
  });
  sendJson(request.req, request.res, 200, answer);
}

/**
 * The checks of a new password, and its hash: bcrypt runs before the update's transaction, which
 * must not wait on it (passwordHashing.ts). `from` is the hash they were checked against.
 */
async function checkPasswordChange(
  request: AuthRequest,
  current: string | undefined,
  newPassword: string,
): Promise<{ from: string | null; hash: string }> {
  const { user, method } = await asAuthAdmin(request.ctx, (tx) => currentSession(tx, request));
  // A session from a link or code sets a new password without knowing the old one.
  if (method === undefined || !LINK_METHODS.has(method)) {
    const message = 'Current password required when setting new password.';
    if (current === undefined) throw badRequest('current_password_required', message);
    if (!(await passwordMatchesHash(current, user.encrypted_password))) {
      throw badRequest('current_password_invalid', message);
    }
  }
  if (await passwordMatchesHash(newPassword, user.encrypted_password)) {
    throw new AuthError(
      422,
      'same_password',
      'New password should be different from the old password.',
    );
  }
  return { from: user.encrypted_password, hash: await hashPassword(newPassword) };
}

export async function updateUser(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  limit('otp');
  const body = bodyAs(USER_UPDATE_BODY, await readJson(req));
  const { password: newPassword, email: newEmail, pkce } = body;
  const passwordChange =
    newPassword === undefined
      ? undefined
      : await checkPasswordChange(request, body.current_password, newPassword);
  let mail: OutgoingMail | undefined;
  const answer = await asAuthAdmin(ctx, async (tx) => {
    const { user, sessionId } = await currentSession(tx, request);
    const now = ctx.now().toISOString();
    if (body.data !== undefined) {
      const metadata = mergeMetadata(user.raw_user_meta_data, body.data);
      await tx.query(
        'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3 where id = $1',
        [user.id, JSON.stringify(metadata), now],
      );
    }
    if (passwordChange !== undefined) {
      if (user.encrypted_password !== passwordChange.from) {
        throw new AuthError(409, 'conflict', 'The password changed meanwhile; try again.');
      }
      await setPassword(tx, ctx, user.id, passwordChange.hash, sessionId);
    }
    if (newEmail !== undefined && newEmail !== user.email) {
      const taken = await userByEmail(tx, newEmail);
      if (taken !== undefined && taken.id !== user.id) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      await tx.query('update auth.users set email_change = $2 where id = $1', [user.id, newEmail]);
      const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
      const fresh = await requireUser(tx, user.id);
      if (pkce !== undefined) await createFlowState(tx, ctx, user.id, 'email_change', pkce);
      mail = await prepareTokenMail(tx, ctx, fresh, 'email_change', newEmail, base, redirect, {
        pkce: pkce !== undefined,
        acceptLanguage: req.headers['accept-language'],
      });
    }
    return userJson(tx, await requireUser(tx, user.id));
  });
  if (mail !== undefined) await ctx.mailer.send(mail);
  sendJson(req, res, 200, answer);
}
