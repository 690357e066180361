import type { Queryable } from '../../db/database.ts';
import { send } from '../../http/respond.ts';
import { applyEmailChange, confirmEmail } from '../accounts.ts';
import { asAuthAdmin, type AuthContext } from '../context.ts';
import { AuthError, validationFailed, versionHeaders } from '../errors.ts';
import { type AuthRequest, bodyAs, readJson, redirectTarget, sendJson } from '../http.ts';
import { sentAtColumn } from '../mails.ts';
import { randomPasswordHash } from '../passwordHashing.ts';
import { flowMethodOf, issueAuthCode, PKCE_PREFIX } from '../pkce.ts';
import { VERIFY_BODY, VERIFY_TYPE } from '../requestBodies.ts';
import { type AuthMethod, startSession } from '../sessions.ts';
import { forgetOneTimeTokens, tokenHash } from '../tokens.ts';
import { isBanned, type Json, normalizeEmail, userByToken, type UserRow } from '../users.ts';

// GET /verify (the emailed link: 303 with the session in the fragment, or with `?code=` for a
// PKCE link) and POST /verify (verifyOtp with token_hash, or email + 6-digit code).

/** Which token column a link type reads. */
type TokenKind = 'signup' | 'recovery' | 'email_change';

/** The token kinds a verification type may match, in the order GoTrue tries them. */
function kindsOf(type: string): TokenKind[] {
  if (type === 'signup' || type === 'invite') return ['signup'];
  if (type === 'recovery' || type === 'magiclink') return ['recovery'];
  if (type === 'email') return ['signup', 'recovery'];
  return ['email_change'];
}

const COLUMNS = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
} as const;

/**
 * The user holding one of the candidate token values. A typed code matches its hash with or
 * without the `pkce_` prefix (GoTrue's isOtpValid); a link's token hash matches as is.
 */
async function findUser(
  tx: Queryable,
  ctx: AuthContext,
  type: string,
  candidates: readonly string[],
  expired: string,
): Promise<{ user: UserRow; kind: TokenKind }> {
  for (const kind of kindsOf(type)) {
    for (const hash of candidates) {
      const user = await userByToken(tx, COLUMNS[kind], hash);
      if (user === undefined) continue;
      const sentAt = user[sentAtColumn(kind)];
      const age = sentAt === null ? Infinity : ctx.now().getTime() - new Date(sentAt).getTime();
      if (age > ctx.otpExpirySeconds * 1000) throw new AuthError(403, 'otp_expired', expired);
      if (isBanned(user, ctx.now())) throw new AuthError(403, 'user_banned', 'User is banned');
      return { user, kind };
    }
  }
  throw new AuthError(403, 'otp_expired', expired);
}

/** Consumes the token and applies its effect; returns the user and the sign-in method. */
async function consumeToken(
  tx: Queryable,
  ctx: AuthContext,
  type: string,
  candidates: readonly string[],
  expired: string,
): Promise<{ user: UserRow; method: AuthMethod }> {
  const { user, kind } = await findUser(tx, ctx, type, candidates, expired);
  if (kind === 'signup') {
    // An invited user has no password yet: a random one, until they choose theirs.
    if (user.invited_at !== null && (user.encrypted_password ?? '') === '') {
      await tx.query('update auth.users set encrypted_password = $2 where id = $1', [
        user.id,
        randomPasswordHash(),
      ]);
    }
    await confirmEmail(tx, ctx, user.id);
    return { user, method: 'otp' };
  }
  if (kind === 'recovery') {
    await tx.query(`update auth.users set recovery_token = '' where id = $1`, [user.id]);
    await forgetOneTimeTokens(tx, user.id, ['recovery_token']);
    if (user.email_confirmed_at === null) await confirmEmail(tx, ctx, user.id);
    return { user, method: type === 'recovery' ? 'recovery' : 'otp' };
  }
  await applyEmailChange(tx, ctx, user);
  return { user, method: 'email_change' };
}

export async function verifyPost(request: AuthRequest): Promise<void> {
  const { req, res, ctx, base, limit } = request;
  limit('verify');
  const { type, token_hash: hash, token, email } = bodyAs(VERIFY_BODY, await readJson(req));
  let candidates: string[];
  let expired: string;
  if (hash !== undefined) {
    candidates = [hash];
    expired = 'Email link is invalid or has expired';
  } else {
    const typed = tokenHash(normalizeEmail(email), token ?? '');
    candidates = [typed, `${PKCE_PREFIX}${typed}`];
    expired = 'Token has expired or is invalid';
  }
  // POST /verify always answers with a session, PKCE-bound token or not (GoTrue's verifyPost).
  const session = await asAuthAdmin(ctx, async (tx) => {
    const { user, method } = await consumeToken(tx, ctx, type, candidates, expired);
    return startSession(tx, ctx, user.id, method, base);
  });
  sendJson(req, res, 200, session);
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
};

/** Go's url.Values.Encode: keys sorted. */
function sortedQuery(params: URLSearchParams): string {
  params.sort();
  return params.toString();
}

/** The redirect target with these query parameters set (sorted as GoTrue re-encodes them). */
function withQuery(redirect: string, values: Record<string, string>): string {
  try {
    const target = new URL(redirect);
    for (const [key, value] of Object.entries(values)) target.searchParams.set(key, value);
    target.search = sortedQuery(target.searchParams);
    return target.toString();
  } catch {
    return redirect;
  }
}

export async function verifyGet(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, base, limit } = request;
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const token = url.searchParams.get('token') ?? '';
  const pkce = token.startsWith(PKCE_PREFIX);
  let location: string;
  try {
    limit('verify');
    // Read as POST /verify's field, but for an empty one: unsupported rather than missing.
    const type = bodyAs(VERIFY_TYPE, url.searchParams.get('type') ?? undefined);
    const flowMethod = pkce ? flowMethodOf(type) : undefined;
    if (pkce && flowMethod === undefined) {
      throw validationFailed(`unsupported authentication method ${JSON.stringify(type)}`);
    }
    const expired = 'Email link is invalid or has expired';
    const outcome = await asAuthAdmin(ctx, async (tx) => {
      const { user, method } = await consumeToken(tx, ctx, type, [token], expired);
      if (flowMethod !== undefined) {
        // Fails the whole verification when the flow state is gone, as GoTrue's does.
        return { code: await issueAuthCode(tx, ctx, user.id, flowMethod) };
      }
      return { session: await startSession(tx, ctx, user.id, method, base) };
    });
    if (outcome.code !== undefined) {
      location = withQuery(redirect, { code: outcome.code });
    } else {
      const session: Json = outcome.session;
      const fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        sb: '',
        token_type: 'bearer',
        type,
      });
      location = `${redirect.split('#')[0] ?? redirect}#${fragment.toString()}`;
    }
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const oauth = OAUTH_ERROR[error.status] ?? 'server_error';
    const fragment = new URLSearchParams({
      error: oauth,
      error_code: error.code,
      error_description: error.message,
      sb: '',
    });
    // A PKCE link also gets the error in the query string, where a PKCE client looks.
    const target = pkce
      ? withQuery(redirect, {
          error: oauth,
          error_code: error.code,
          error_description: error.message,
        })
      : redirect;
    location = `${target.split('#')[0] ?? target}#${fragment.toString()}`;
  }
  send(res, 303, undefined, { ...versionHeaders(req), location });
}
