import type { Queryable } from '../db/database.ts';
import { signJwt } from '../keys.ts';
import { type AuthContext, unixSeconds } from './context.ts';
import { AuthError } from './errors.ts';
import { newRefreshToken } from './tokens.ts';
import { isBanned, type Json, requireUser, userById, userJson, type UserRow } from './users.ts';

// Sessions, refresh tokens and access tokens. A session row per sign-in;
// its refresh tokens form a chain through `parent`. The sign-in method (AMR) is kept in the
// session's `tag` column so that refreshed tokens carry it too (GoTrue keeps it in
// auth.mfa_amr_claims, which this stack does not have).

export type AuthMethod =
  'password' | 'otp' | 'recovery' | 'magiclink' | 'email_change' | 'email/signup';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  tag: string | null;
}

interface RefreshRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

function accessToken(ctx: AuthContext, user: UserRow, session: SessionRow, issuer: string) {
  const iat = unixSeconds(ctx.now());
  const exp = iat + ctx.jwtExpirySeconds;
  const claims = {
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    iss: issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr: [{ method: session.tag ?? 'password', timestamp: unixSeconds(session.created_at) }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return { token: signJwt(claims, ctx.jwtSecret), exp };
}

async function sessionResponse(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  issuer: string,
): Promise<Json> {
  const { token, exp } = accessToken(ctx, user, session, issuer);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

async function insertRefreshToken(
  tx: Queryable,
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, $3, $3, $4, $5)`,
    [token, userId, ctx.now().toISOString(), parent, sessionId],
  );
  return token;
}

/** Signs the user in: a new session, its first refresh token, and the Session JSON. */
export async function startSession(
  tx: Queryable,
  ctx: AuthContext,
  userId: string,
  method: AuthMethod,
  issuer: string,
): Promise<Json> {
  const now = ctx.now().toISOString();
  await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [
    userId,
    now,
  ]);
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, tag)
     values (gen_random_uuid(), $1, $2, $2, 'aal1', $3) returning id, user_id, created_at, tag`,
    [userId, now, method],
  );
  const session = rows[0];
  // An insert returning its row cannot come back empty.
  if (session === undefined) throw new Error('The new session was not returned.');
  const user = await requireUser(tx, userId);
  const refreshToken = await insertRefreshToken(tx, ctx, userId, session.id, null);
  return sessionResponse(tx, ctx, user, session, refreshToken, issuer);
}

const notFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh_token grant with rotation and GoTrue's reuse rules: the token just replaced gets
 * its replacement again, an older revoked one is tolerated for refreshReuseSeconds, and past that
 * every token of the session is revoked.
 */
export async function refreshSession(
  tx: Queryable,
  ctx: AuthContext,
  token: string,
  issuer: string,
): Promise<Json | AuthError> {
  const { rows } = await tx.query<RefreshRow>(
    'select * from auth.refresh_tokens where token = $1 for update',
    [token],
  );
  const row = rows[0];
  if (row === undefined) throw notFound();
  const sessions = await tx.query<SessionRow>(
    'select id, user_id, created_at, tag from auth.sessions where id = $1 for update',
    [row.session_id],
  );
  const session = sessions.rows[0];
  if (session === undefined) {
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  const user = await userById(tx, session.user_id);
  if (user === undefined) throw notFound();
  if (isBanned(user, ctx.now())) throw new AuthError(400, 'user_banned', 'User is banned');
  const now = ctx.now();
  let parent = row.token;
  if (row.revoked) {
    const active = await tx.query<RefreshRow>(
      `select * from auth.refresh_tokens where session_id = $1 and revoked = false
       order by id desc limit 1`,
      [session.id],
    );
    const current = active.rows[0];
    // The client lost the answer to its last refresh: hand the same child out again.
    if (current?.parent === row.token) {
      return sessionResponse(tx, ctx, user, session, current.token, issuer);
    }
    const revokedFor = (now.getTime() - new Date(row.updated_at).getTime()) / 1000;
    if (current === undefined || revokedFor > ctx.refreshReuseSeconds) {
      // Reuse of an old token: someone else may hold the chain, so the whole family dies.
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1',
        [session.id, now.toISOString()],
      );
      // Returned, not thrown: the revocation must commit.
      return new AuthError(
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
      );
    }
    parent = current.token;
  }
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = $2 where token = $1',
    [parent, now.toISOString()],
  );
  await tx.query('update auth.sessions set refreshed_at = $2, updated_at = $3 where id = $1', [
    session.id,
    now.toISOString().replace('Z', ''),
    now.toISOString(),
  ]);
  const child = await insertRefreshToken(tx, ctx, user.id, session.id, parent);
  return sessionResponse(tx, ctx, user, session, child, issuer);
}
