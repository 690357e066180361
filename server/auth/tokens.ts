import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

// Emailed one-time tokens: a 6-digit OTP for the user to type, and the link token
// `sha224(email + otp)` in hex. Only the hash is stored, in the user column of its purpose and
// mirrored in auth.one_time_tokens as GoTrue does.

export type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

export interface OneTimeToken {
  otp: string;
  hash: string;
}

export const tokenHash = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

export function newOneTimeToken(email: string): OneTimeToken {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, hash: tokenHash(email, otp) };
}

/** A refresh token: random, URL-safe, stored as is in auth.refresh_tokens (legacy scheme). */
export const newRefreshToken = (): string => randomBytes(24).toString('base64url');

/** Mirrors a user-column token in auth.one_time_tokens (one per user and type). */
export async function recordOneTimeToken(
  tx: Queryable,
  userId: string,
  column: TokenColumn,
  hash: string,
  relatesTo: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into auth.one_time_tokens
       (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4, $5, $5)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           updated_at = excluded.updated_at`,
    [userId, column, hash, relatesTo, now.toISOString()],
  );
}

export async function forgetOneTimeTokens(
  tx: Queryable,
  userId: string,
  columns: readonly TokenColumn[],
): Promise<void> {
  await tx.query(
    `delete from auth.one_time_tokens
     where user_id = $1 and token_type::text = any($2::text[])`,
    [userId, columns],
  );
}
