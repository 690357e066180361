/**
 * The product's password rule, the one place it is written: every form shows these criteria
 * live, and the local stack's auth checks them on every password it sets (sign-up, recovery,
 * change, admin creation and update). A hosted Supabase project sets the same rule in its auth
 * settings (see docs/hosted-deployment.md). The refusal of common passwords, which needs a
 * 40 KB list, is apart in commonPassword.ts so that this file stays light for every form.
 */

export const PASSWORD_MIN_LENGTH = 8;

/** bcrypt reads only the first 72 bytes: longer passwords are refused, as GoTrue does. */
export const PASSWORD_MAX_BYTES = 72;

/**
 * The symbols that count as "a symbol": the product's rule, narrower than the set GoTrue's
 * `lower_upper_letters_digits_symbols` accepts (which also counts `-`, `_`, `.` and others).
 */
export const PASSWORD_SYMBOLS = '!@#$%^&*';

export const PASSWORD_CRITERIA = ['length', 'lower', 'upper', 'digit', 'symbol'] as const;
export type PasswordCriterion = (typeof PASSWORD_CRITERIA)[number];

const TESTS: Record<PasswordCriterion, (password: string) => boolean> = {
  // Characters, not UTF-16 units: an emoji counts once, as in GoTrue.
  length: (password) => Array.from(password).length >= PASSWORD_MIN_LENGTH,
  lower: (password) => /[a-z]/.test(password),
  upper: (password) => /[A-Z]/.test(password),
  digit: (password) => /[0-9]/.test(password),
  symbol: (password) => /[!@#$%^&*]/.test(password),
};

/** Each criterion with whether the password meets it, in the order the forms show them. */
export function passwordCriteria(
  password: string,
): { criterion: PasswordCriterion; met: boolean }[] {
  return PASSWORD_CRITERIA.map((criterion) => ({ criterion, met: TESTS[criterion](password) }));
}

/** The criteria the password misses; empty when it is strong enough. */
export function unmetPasswordCriteria(password: string): PasswordCriterion[] {
  return PASSWORD_CRITERIA.filter((criterion) => !TESTS[criterion](password));
}

/** Whether the password is longer than bcrypt can read. */
export function isPasswordTooLong(password: string): boolean {
  return new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES;
}
