import { BackendNotConfiguredError } from '../../session/supabaseClient';

/**
 * What went wrong with an account request, in the terms the forms explain. The server's own
 * wording never reaches the screen, and no problem tells whether an address has an account:
 * a wrong password and an unknown address are the same `invalidCredentials`.
 */
export type AuthProblem =
  | { readonly kind: 'invalidCredentials' }
  | { readonly kind: 'emailNotConfirmed' }
  /** `seconds`: how long the stack asks to wait, when it says. */
  | { readonly kind: 'rateLimited'; readonly seconds: number | null }
  | { readonly kind: 'weakPassword' }
  /** Among the most common passwords (GoTrue's `pwned` reason), whatever else it misses. */
  | { readonly kind: 'commonPassword' }
  | { readonly kind: 'invalidEmail' }
  | { readonly kind: 'samePassword' }
  | { readonly kind: 'codeInvalid' }
  | { readonly kind: 'emailTaken' }
  | { readonly kind: 'currentPasswordWrong' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'unknown' };

export class AuthFailure extends Error {
  override name = 'AuthFailure';
  constructor(readonly problem: AuthProblem) {
    super(problem.kind);
  }
}

/** The shape of supabase-js's AuthError that matters here, without importing its classes. */
interface AuthErrorLike {
  readonly code?: string | undefined;
  readonly status?: number | undefined;
  readonly message?: string | undefined;
  /** supabase-js's AuthWeakPasswordError: `length`, `characters`, `pwned`. */
  readonly reasons?: readonly string[] | undefined;
}

const BY_CODE: Record<string, AuthProblem> = {
  invalid_credentials: { kind: 'invalidCredentials' },
  email_not_confirmed: { kind: 'emailNotConfirmed' },
  over_request_rate_limit: { kind: 'rateLimited', seconds: null },
  weak_password: { kind: 'weakPassword' },
  email_address_invalid: { kind: 'invalidEmail' },
  same_password: { kind: 'samePassword' },
  otp_expired: { kind: 'codeInvalid' },
  // Changing the address: GoTrue tells a signed-in person the new one is taken.
  email_exists: { kind: 'emailTaken' },
  // Only a stack that confirms at sign-up says so; one that mails a confirmation hides it.
  user_already_exists: { kind: 'emailTaken' },
  current_password_invalid: { kind: 'currentPasswordWrong' },
  current_password_required: { kind: 'currentPasswordWrong' },
};

/** Classifies anything an account request threw or returned as its error. */
export function classifyAuthError(error: unknown): AuthProblem {
  if (error instanceof AuthFailure) return error.problem;
  if (error instanceof BackendNotConfiguredError) return { kind: 'unavailable' };
  if (typeof error !== 'object' || error === null) return { kind: 'unknown' };
  const { code, status, message, reasons } = error as AuthErrorLike;
  if (code === 'weak_password' && Array.isArray(reasons) && reasons.includes('pwned')) {
    return { kind: 'commonPassword' };
  }
  if (code === 'over_email_send_rate_limit') {
    const seconds = /(\d+) seconds/.exec(message ?? '')?.[1];
    return { kind: 'rateLimited', seconds: seconds === undefined ? null : Number(seconds) };
  }
  const known = code === undefined ? undefined : BY_CODE[code];
  if (known) return known;
  if (status === 429) return { kind: 'rateLimited', seconds: null };
  // supabase-js reports a request that never got an answer with status 0 (or none).
  if (status === undefined || status === 0 || status >= 500) return { kind: 'unavailable' };
  if (code === 'validation_failed' && /email/i.test(message ?? '')) return { kind: 'invalidEmail' };
  return { kind: 'unknown' };
}
