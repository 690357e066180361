import type { Queryable } from '../../db/database.ts';
import { send } from '../../http/respond.ts';
import { applyEmailChange, confirmEmail } from '../accounts.ts';
import { asAuthAdmin, type AuthContext } from '../context.ts';
import { AuthError, validationFailed, versionHeaders } from '../errors.ts';
import { type AuthRequest, readJson, redirectTarget, sendJson, text } from '../http.ts';
import { sentAtColumn, type MailKind } from '../mails.ts';
import { type AuthMethod, startSession } from '../sessions.ts';
import { forgetOneTimeTokens, tokenHash } from '../tokens.ts';
import { isBanned, type Json, normalizeEmail, userByToken, type UserRow } from '../users.ts';

// GET /verify (the emailed link: 303 with the session in the fragment) and POST /verify
// (verifyOtp with token_hash, or email + 6-digit code), §2.3.9.

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'];

/** The token kinds a verification type may match, in the order GoTrue tries them. */
function kindsOf(type: string): MailKind[] {
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

async function findUser(
  tx: Queryable,
  ctx: AuthContext,
  type: string,
  hash: string,
  expired: string,
): Promise<{ user: UserRow; kind: MailKind }> {
  for (const kind of kindsOf(type)) {
    const user = await userByToken(tx, COLUMNS[kind], hash);
    if (user === undefined) continue;
    const sentAt = user[sentAtColumn(kind)];
    const age = sentAt === null ? Infinity : ctx.now().getTime() - new Date(sentAt).getTime();
    if (age > ctx.otpExpirySeconds * 1000) break;
    if (isBanned(user, ctx.now())) throw new AuthError(403, 'user_banned', 'User is banned');
    return { user, kind };
  }
  throw new AuthError(403, 'otp_expired', expired);
}

/** Consumes the token and signs the user in. */
async function verifyToken(
  request: AuthRequest,
  type: string,
  hash: string,
  expired: string,
): Promise<Json> {
  const { ctx, base } = request;
  return asAuthAdmin(ctx, async (tx) => {
    const { user, kind } = await findUser(tx, ctx, type, hash, expired);
    let method: AuthMethod = 'otp';
    if (kind === 'signup') {
      await confirmEmail(tx, ctx, user.id);
    } else if (kind === 'recovery') {
      await tx.query(`update auth.users set recovery_token = '' where id = $1`, [user.id]);
      await forgetOneTimeTokens(tx, user.id, ['recovery_token']);
      if (user.email_confirmed_at === null) await confirmEmail(tx, ctx, user.id);
      method = type === 'recovery' ? 'recovery' : 'otp';
    } else {
      await applyEmailChange(tx, ctx, user);
      method = 'email_change';
    }
    return startSession(tx, ctx, user.id, method, base);
  });
}

function checkType(type: string | undefined): string {
  if (type === undefined) throw validationFailed('Verify requires a verification type');
  if (!VERIFY_TYPES.includes(type)) throw validationFailed(`Unsupported verification type`);
  return type;
}

export async function verifyPost(request: AuthRequest): Promise<void> {
  const { req, res, limit } = request;
  limit('verify');
  const body = await readJson(request.req);
  const type = checkType(text(body, 'type'));
  const hash = text(body, 'token_hash');
  const token = text(body, 'token');
  if ((hash === undefined) === (token === undefined)) {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  let session: Json;
  if (hash !== undefined) {
    if (text(body, 'email') !== undefined || text(body, 'phone') !== undefined) {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    session = await verifyToken(request, type, hash, 'Email link is invalid or has expired');
  } else {
    const email = normalizeEmail(body.email);
    const expired = 'Token has expired or is invalid';
    session = await verifyToken(request, type, tokenHash(email, token ?? ''), expired);
  }
  sendJson(req, res, 200, session);
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
};

export async function verifyGet(request: AuthRequest): Promise<void> {
  const { req, res, url, ctx, limit } = request;
  const redirect = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  let fragment: URLSearchParams;
  try {
    limit('verify');
    const type = checkType(url.searchParams.get('type') ?? undefined);
    const token = url.searchParams.get('token') ?? '';
    const session = await verifyToken(request, type, token, 'Email link is invalid or has expired');
    fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      sb: '',
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment = new URLSearchParams({
      error: OAUTH_ERROR[error.status] ?? 'server_error',
      error_code: error.code,
      error_description: error.message,
      sb: '',
    });
  }
  const location = `${redirect.split('#')[0] ?? redirect}#${fragment.toString()}`;
  send(res, 303, undefined, { ...versionHeaders(req), location });
}
