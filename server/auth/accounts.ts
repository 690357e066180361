import type { Queryable } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { forgetOneTimeTokens } from './tokens.ts';
import { type Json, requireUser, type UserRow } from './users.ts';

// Writes to auth.users and auth.identities shared by sign-up, verification and the admin API.
// Inserts run as supabase_auth_admin (the caller's transaction), so the sign-up trigger fires.

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export interface NewUser {
  email: string;
  /**
   * The password's bcrypt hash (passwordHashing.ts, computed before the transaction); null for
   * none (invited and admin-created users without one).
   */
  passwordHash: string | null;
  userMetadata: Json;
  appMetadata?: Json;
  confirmed: boolean;
  id?: string;
  role?: string;
}

export async function createUser(tx: Queryable, ctx: AuthContext, user: NewUser): Promise<UserRow> {
  const now = ctx.now().toISOString();
  const metadata = user.confirmed
    ? { ...user.userMetadata, email_verified: true }
    : user.userMetadata;
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change,
       is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()),
       'authenticated', $2, $3,
       $4,
       $5::jsonb, $6::jsonb, $7, $7, $8, '', '', '', '', false, false)
     returning *`,
    [
      user.id ?? null,
      user.role ?? 'authenticated',
      user.email,
      user.passwordHash,
      JSON.stringify({ ...EMAIL_APP_METADATA, ...user.appMetadata }),
      JSON.stringify(metadata),
      now,
      user.confirmed ? now : null,
    ],
  );
  const created = rows[0];
  // `insert ... returning *` of one row answers that row, or throws.
  if (created === undefined) throw new Error('The insert into auth.users returned no row.');
  const identityData = {
    ...user.userMetadata,
    sub: created.id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
  };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider,
       last_sign_in_at, created_at, updated_at)
     values ($1::text, $2::uuid, $3::jsonb, 'email', $4, $4, $4)`,
    [created.id, created.id, JSON.stringify(identityData), now],
  );
  return created;
}

/** Marks the email confirmed, in the user row, its metadata and its email identity. */
export async function confirmEmail(tx: Queryable, ctx: AuthContext, userId: string) {
  const now = ctx.now().toISOString();
  await tx.query(
    `update auth.users
     set email_confirmed_at = coalesce(email_confirmed_at, $2), confirmation_token = '',
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
           || '{"email_verified": true}'::jsonb,
         updated_at = $2
     where id = $1`,
    [userId, now],
  );
  await tx.query(
    `update auth.identities
     set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
     where user_id = $1 and provider = 'email'`,
    [userId, now],
  );
  await forgetOneTimeTokens(tx, userId, ['confirmation_token']);
}

/** Applies a confirmed email change: the pending address becomes the email. */
export async function applyEmailChange(tx: Queryable, ctx: AuthContext, user: UserRow) {
  const now = ctx.now().toISOString();
  await tx.query(
    `update auth.users
     set email = email_change, email_change = '', email_change_token_new = '',
         email_change_sent_at = null, email_change_confirm_status = 0, updated_at = $2
     where id = $1`,
    [user.id, now],
  );
  await tx.query(
    `update auth.identities
     set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = $3
     where user_id = $1 and provider = 'email'`,
    [user.id, user.email_change, now],
  );
  await forgetOneTimeTokens(tx, user.id, ['email_change_token_new']);
}

/** Sets a new password; signs out every session but keep (all of them when keep is null). */
export async function setPassword(
  tx: Queryable,
  ctx: AuthContext,
  userId: string,
  passwordHash: string,
  keepSession: string | null,
): Promise<UserRow> {
  const now = ctx.now().toISOString();
  await tx.query(
    `update auth.users
     set encrypted_password = $2, updated_at = $3, recovery_token = '',
         confirmation_token = '', email_change_token_new = '', email_change = ''
     where id = $1`,
    [userId, passwordHash, now],
  );
  await forgetOneTimeTokens(tx, userId, [
    'recovery_token',
    'confirmation_token',
    'email_change_token_new',
  ]);
  await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
    userId,
    keepSession,
  ]);
  return requireUser(tx, userId);
}
