import type { Queryable } from '../db/database.ts';
import { AuthError, validationFailed } from './errors.ts';

// auth.users rows and their JSON form: timestamps in RFC 3339, optional fields omitted
// when unset, identities always present.

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export type Json = Record<string, unknown>;

export async function userById(tx: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0];
}

/**
 * The user with this id, for handlers that hold an id they just read or wrote; none (a user
 * deleted meanwhile) is GoTrue's answer for a missing user: 404 user_not_found.
 */
export async function requireUser(tx: Queryable, id: string): Promise<UserRow> {
  const user = await userById(tx, id);
  if (user === undefined) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

export async function userByEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and is_sso_user = false',
    [email],
  );
  return rows[0];
}

/** Locks and returns the user whose `column` holds this token hash. */
export async function userByToken(
  tx: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select * from auth.users where ${column} = $1 and $1 <> '' for update`,
    [tokenHash],
  );
  return rows[0];
}

const time = (value: Date | null): string | undefined =>
  value === null ? undefined : new Date(value).toISOString();

function identityJson(row: IdentityRow): Json {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: time(row.last_sign_in_at),
    created_at: time(row.created_at),
    updated_at: time(row.updated_at),
    email: row.email ?? undefined,
  };
}

/** The user as GoTrue returns it (GET /user, sessions, the admin API), with its identities. */
export async function userJson(tx: Queryable, user: UserRow): Promise<Json> {
  const [json] = await usersJson(tx, [user]);
  if (json === undefined) throw new Error('usersJson answered no user.');
  return json;
}

/** Several users as userJson gives each, their identities read in one statement. */
export async function usersJson(tx: Queryable, users: readonly UserRow[]): Promise<Json[]> {
  if (users.length === 0) return [];
  const { rows } = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = any($1::uuid[]) order by created_at, id',
    [users.map((user) => user.id)],
  );
  return users.map((user) =>
    userWithIdentities(
      user,
      rows.filter((row) => row.user_id === user.id),
    ),
  );
}

function userWithIdentities(user: UserRow, identities: readonly IdentityRow[]): Json {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: time(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: time(user.phone_confirmed_at),
    confirmation_sent_at: time(user.confirmation_sent_at),
    confirmed_at: time(user.confirmed_at),
    recovery_sent_at: time(user.recovery_sent_at),
    new_email:
      user.email_change === null || user.email_change === '' ? undefined : user.email_change,
    email_change_sent_at:
      user.email_change === null || user.email_change === ''
        ? undefined
        : time(user.email_change_sent_at),
    invited_at: time(user.invited_at),
    last_sign_in_at: time(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: time(user.created_at),
    updated_at: time(user.updated_at),
    banned_until: time(user.banned_until),
    deleted_at: time(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}

/** GoTrue's metadata merge: keys overwrite, a null value deletes the key. */
export function mergeMetadata(current: Json | null, changes: Json | undefined): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes ?? {})) {
    if (value === null) Reflect.deleteProperty(merged, key);
    else merged[key] = value;
  }
  return merged;
}

export const isBanned = (user: UserRow, now: Date): boolean =>
  user.banned_until !== null && new Date(user.banned_until).getTime() > now.getTime();

// GoTrue's address format has no control characters; Postgres could not store a NUL anyway.
// eslint-disable-next-line no-control-regex
const EMAIL = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;

/** The address trimmed and lower-cased, or undefined when GoTrue's validateEmail refuses it. */
function validEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email.length <= 255 && EMAIL.test(email) ? email : undefined;
}

/** Would normalizeEmail take the address? */
export const isEmailAddress = (value: string): boolean => validEmail(value) !== undefined;

/** The address lower-cased, or 400 `validation_failed` as GoTrue's validateEmail. */
export function normalizeEmail(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw validationFailed('An email address is required');
  }
  const email = validEmail(value);
  if (email === undefined) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return email;
}
