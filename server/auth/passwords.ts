import type { Queryable } from '../db/database.ts';
import { AuthError, validationFailed } from './errors.ts';

// The product's password rule (checked on every password set: signup, recovery, update, admin
// update) and bcrypt hashing through pgcrypto, which yields GoTrue-compatible `$2a$10$` hashes.

export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt only reads 72 bytes; GoTrue refuses longer passwords up front. */
const MAX_PASSWORD_BYTES = 72;
const SYMBOLS = '!@#$%^&*';
const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*]/] as const;

/** Throws 400 for an empty or too long password, 422 `weak_password` for a weak one. */
export function checkPassword(password: unknown): string {
  if (typeof password !== 'string' || password === '') {
    throw validationFailed('Password is required');
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  // Characters, not UTF-16 units: an emoji counts once, as in GoTrue.
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) {
    reasons.push('length');
    messages.push(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (!CLASSES.every((pattern) => pattern.test(password))) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, ${SYMBOLS}.`,
    );
  }
  if (reasons.length > 0) {
    const message = messages.join(' ');
    throw new AuthError(422, 'weak_password', message, { weak_password: { message, reasons } });
  }
  return password;
}

/** SQL expression hashing the parameter $n with bcrypt cost 10. */
export const hashSql = (n: number): string =>
  `extensions.crypt($${n}::text, extensions.gen_salt('bf', 10))`;

/** Does password match the stored bcrypt hash? False when the user has no password. */
export async function passwordMatches(
  tx: Queryable,
  hash: string | null,
  password: string,
): Promise<boolean> {
  if (hash === null || hash === '') return false;
  const { rows } = await tx.query<{ ok: boolean }>(
    'select extensions.crypt($1::text, $2::text) = $2::text as ok',
    [password, hash],
  );
  return rows[0]?.ok === true;
}
