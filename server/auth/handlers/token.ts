import { send } from '../../http/respond.ts';
import { asAuthAdmin } from '../context.ts';
import { AuthError, badRequest, validationFailed, versionHeaders } from '../errors.ts';
import { type AuthRequest, bodyAs, readJson, sendJson } from '../http.ts';
import { passwordMatchesHash } from '../passwordHashing.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { TOKEN_PASSWORD_BODY, TOKEN_PKCE_BODY, TOKEN_REFRESH_BODY } from '../requestBodies.ts';
import { refreshSession, startSession } from '../sessions.ts';
import { isBanned, userByEmail, userById } from '../users.ts';
import { currentSession } from './user.ts';

// POST /token (password, refresh_token and pkce grants) and POST /logout.

/** A bcrypt hash of nothing anyone types, checked against when the email is unknown. */
const TIMING_HASH = '$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z3M0dGHB6tX4ZqGZtZ1Q9z9a';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

export async function token(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  limit('token');
  const grant = url.searchParams.get('grant_type');
  const body = await readJson(req);
  if (grant === 'password') {
    const { email, password } = bodyAs(TOKEN_PASSWORD_BODY, body);
    const found = await asAuthAdmin(ctx, (tx) => userByEmail(tx, email.trim()));
    // Checked between two transactions: the database is not held while bcrypt runs. Unknown
    // users cost one bcrypt too, so that timing does not tell who has an account.
    const matches = await passwordMatchesHash(
      password ?? '',
      found?.encrypted_password ?? TIMING_HASH,
    );
    if (found === undefined || password === undefined || !matches) throw invalidCredentials();
    const session = await asAuthAdmin(ctx, async (tx) => {
      const user = await userById(tx, found.id);
      // The password changed, or the user went, while it was checked.
      if (user === undefined || user.encrypted_password !== found.encrypted_password) {
        throw invalidCredentials();
      }
      if (isBanned(user, ctx.now())) throw badRequest('user_banned', 'User is banned');
      if (user.email_confirmed_at === null) {
        throw badRequest('email_not_confirmed', 'Email not confirmed');
      }
      return startSession(tx, ctx, user.id, 'password', base);
    });
    sendJson(req, res, 200, session);
    return;
  }
  if (grant === 'refresh_token') {
    const { refresh_token: refreshToken } = bodyAs(TOKEN_REFRESH_BODY, body);
    const result = await asAuthAdmin(ctx, (tx) => refreshSession(tx, ctx, refreshToken, base));
    if (result instanceof AuthError) throw result;
    sendJson(req, res, 200, result);
    return;
  }
  if (grant === 'pkce') {
    const { auth_code: authCode, code_verifier: verifier } = bodyAs(TOKEN_PKCE_BODY, body);
    const session = await asAuthAdmin(ctx, (tx) =>
      exchangeAuthCode(tx, ctx, authCode, verifier, base),
    );
    sendJson(req, res, 200, session);
    return;
  }
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

export async function logout(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx } = request;
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others', ''].includes(scope)) {
    throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  await asAuthAdmin(ctx, async (tx) => {
    const { user, sessionId } = await currentSession(tx, request);
    if (scope === 'local') {
      await tx.query('delete from auth.sessions where id = $1', [sessionId]);
    } else if (scope === 'others') {
      await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        sessionId,
      ]);
    } else {
      await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
  });
  send(res, 204, undefined, versionHeaders(req));
}
