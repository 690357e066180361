import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { AuthError, validationFailed } from './errors.ts';
import { type AuthMethod, startSession } from './sessions.ts';
import type { Json } from './users.ts';

// PKCE for the email flows (GoTrue's pkce.go and flow_state.go): a flow state row keeps
// the client's code challenge; the emailed token hash gets the `pkce_` prefix; following the link
// puts an auth code on the flow state, which POST /token?grant_type=pkce trades, once, for a
// session against the code verifier.

export const PKCE_PREFIX = 'pkce_';

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** The flows that can carry a PKCE challenge, by GoTrue's authentication method name. */
export type FlowMethod = 'email/signup' | 'magiclink' | 'recovery' | 'email_change';

const CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

/** The challenge fields of a body (requestBodies.ts), undefined when absent or empty. */
export interface PkceFields {
  code_challenge: string | undefined;
  code_challenge_method: string | undefined;
}

/**
 * The `code_challenge` and `code_challenge_method` of a body, undefined when both are absent
 * (auth-js sends them as null without PKCE); 400 `validation_failed` when half present or malformed.
 */
export function readPkce(fields: PkceFields): PkceChallenge | undefined {
  const challenge = fields.code_challenge ?? '';
  const method = fields.code_challenge_method ?? '';
  if ((challenge === '') !== (method === '')) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  if (!CHALLENGE.test(challenge)) {
    throw validationFailed(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') {
    throw validationFailed(`unsupported code_challenge method ${JSON.stringify(method)}`);
  }
  return { challenge, method: lower };
}

/** Stores a flow state for the user; its auth code is handed out when the link is followed. */
export async function createFlowState(
  tx: Queryable,
  ctx: AuthContext,
  userId: string,
  method: FlowMethod,
  pkce: PkceChallenge,
): Promise<void> {
  const now = ctx.now().toISOString();
  // GoTrue's provider type: "email" for sign-up, the method's own name otherwise.
  const providerType = method === 'email/signup' ? 'email' : method;
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $7, $8, $8)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, providerType, method, now],
  );
}

/** The verification types of an emailed link, as the flow method their flow state has. */
export function flowMethodOf(type: string): FlowMethod | undefined {
  if (type === 'signup') return 'email/signup';
  if (type === 'magiclink' || type === 'recovery' || type === 'email_change') return type;
  return undefined;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/**
 * The auth code of the user's newest flow state of this method, stamped as issued now; 400
 * `flow_state_not_found` when there is none (GoTrue's verifyGet wraps issueAuthCode so).
 */
export async function issueAuthCode(
  tx: Queryable,
  ctx: AuthContext,
  userId: string,
  method: FlowMethod,
): Promise<string> {
  const { rows } = await tx.query<FlowStateRow>(
    `select * from auth.flow_state where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1 for update`,
    [userId, method],
  );
  const flow = rows[0];
  if (flow === undefined) {
    throw new AuthError(
      400,
      'flow_state_not_found',
      'No associated flow state found. No valid flow state found for user.',
    );
  }
  const now = ctx.now().toISOString();
  await tx.query(
    'update auth.flow_state set auth_code_issued_at = $2, updated_at = $2 where id = $1',
    [flow.id, now],
  );
  return flow.auth_code;
}

function challengeMatches(flow: FlowStateRow, verifier: string): boolean {
  const expected = Buffer.from(flow.code_challenge);
  const actual = Buffer.from(
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier,
  );
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** POST /token?grant_type=pkce: the session for a valid auth code and its verifier. */
export async function exchangeAuthCode(
  tx: Queryable,
  ctx: AuthContext,
  authCode: string,
  verifier: string,
  issuer: string,
): Promise<Json> {
  const { rows } = await tx.query<FlowStateRow>(
    'select * from auth.flow_state where auth_code = $1 limit 1 for update',
    [authCode],
  );
  const flow = rows[0];
  if (flow?.user_id == null) {
    throw new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  // A magic link's code lives from its issue; the others from the flow's creation.
  const start =
    flow.authentication_method === 'magiclink' && flow.auth_code_issued_at !== null
      ? flow.auth_code_issued_at
      : flow.created_at;
  if (ctx.now().getTime() > new Date(start).getTime() + ctx.flowStateExpirySeconds * 1000) {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const { rows: users } = await tx.query('select 1 from auth.users where id = $1', [flow.user_id]);
  if (users.length === 0) {
    throw new AuthError(500, 'unexpected_failure', 'Database error querying user');
  }
  // A wrong verifier leaves the flow state in place, as in GoTrue.
  if (!challengeMatches(flow, verifier)) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  const session = await startSession(
    tx,
    ctx,
    flow.user_id,
    flow.authentication_method as AuthMethod,
    issuer,
  );
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return session;
}
