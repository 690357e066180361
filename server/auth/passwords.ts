import {
  isPasswordTooLong,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SYMBOLS,
  unmetPasswordCriteria,
} from '../../shared/password.ts';
import { isCommonPassword } from '../../shared/commonPassword.ts';
import { AuthError, validationFailed } from './errors.ts';

// The product's password rule (shared/password.ts, the forms' rule too) and its refusal of
// common passwords (shared/commonPassword.ts), checked on every password set: signup, recovery,
// update, admin creation and update. Hashing is passwordHashing.ts's, off the database.

/** Throws 400 for an empty or too long password, 422 `weak_password` for a weak one. */
export function checkPassword(password: string | undefined): string {
  if (password === undefined || password === '') {
    throw validationFailed('Password is required');
  }
  if (isPasswordTooLong(password)) {
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`);
  }
  const unmet = unmetPasswordCriteria(password);
  // GoTrue's reasons: the length, the character classes taken together, and `pwned`, which
  // GoTrue gives a password HaveIBeenPwned knows and the stack one of its common passwords.
  const reasons: string[] = [];
  const messages: string[] = [];
  if (unmet.includes('length')) {
    reasons.push('length');
    messages.push(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (unmet.some((criterion) => criterion !== 'length')) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, ${PASSWORD_SYMBOLS}.`,
    );
  }
  if (isCommonPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  if (reasons.length > 0) {
    const message = messages.join(' ');
    throw new AuthError(422, 'weak_password', message, { weak_password: { message, reasons } });
  }
  return password;
}
