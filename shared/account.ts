import * as v from 'valibot';

/**
 * The account forms' email rule: the shape GoTrue accepts, within the length auth.users holds.
 * The stack checks again on every request; this only spares a round trip for a typo.
 */
export const ACCOUNT_EMAIL_MAX_LENGTH = 255;

const EMAIL = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(ACCOUNT_EMAIL_MAX_LENGTH));

export type AccountEmailProblem = 'required' | 'invalid';

/** Null when the address can be sent; else why not. */
export function accountEmailProblem(email: string): AccountEmailProblem | null {
  if (email.trim() === '') return 'required';
  return v.is(EMAIL, email) ? null : 'invalid';
}
