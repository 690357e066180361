import type { Language } from '../../i18n/languages';
import type { Backend } from '../../session/supabaseClient';
import { AuthFailure } from './authProblem';

// Every account request of the sign-in, sign-up and reset pages, through supabase-js's auth
// client (PKCE flow: the links carry a one-time code that only this browser can exchange).
// Each function resolves when the request succeeded and throws the request's error otherwise;
// authProblem.ts turns that error into what the form says.

/** The absolute address, in this app, where an emailed link should land. */
export function linkTarget(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** supabase-js answers errors instead of throwing them: thrown here, classified by the form. */
function throwIfFailed(answer: { error: Error | null }): void {
  if (answer.error) throw answer.error;
}

export async function signInWithPassword(
  client: Backend,
  email: string,
  password: string,
): Promise<void> {
  throwIfFailed(await client.auth.signInWithPassword({ email, password }));
}

/**
 * Creates the account. `language` goes into the account's metadata so that every mail arrives
 * in it. Resolves with `signedIn` when the stack confirms addresses at sign-up, else with
 * `mailSent`; an address that already has an account gets the same answer (the stack hides it).
 */
export async function signUp(
  client: Backend,
  account: { email: string; password: string; language: Language; redirectTo: string },
): Promise<'signedIn' | 'mailSent'> {
  const answer = await client.auth.signUp({
    email: account.email,
    password: account.password,
    options: { emailRedirectTo: account.redirectTo, data: { language: account.language } },
  });
  throwIfFailed(answer);
  return answer.data.session ? 'signedIn' : 'mailSent';
}

export async function resendConfirmation(
  client: Backend,
  email: string,
  redirectTo: string,
): Promise<void> {
  throwIfFailed(
    await client.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } }),
  );
}

/**
 * Mails a sign-in link (and its 6-digit code) to an existing account. An address without an
 * account gets nothing, and the caller is told the same as for one with an account.
 */
export async function sendSignInLink(
  client: Backend,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  });
  if (error && error.code !== 'otp_disabled') throw error;
}

/** Signs in with the 6-digit code of a confirmation, sign-in or reset mail. */
export async function verifyEmailCode(
  client: Backend,
  email: string,
  code: string,
  purpose: 'signIn' | 'recovery',
): Promise<void> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) throw new AuthFailure({ kind: 'codeInvalid' });
  throwIfFailed(
    await client.auth.verifyOtp({
      email,
      token,
      // 'email' matches the code of a confirmation mail as well as a sign-in link's.
      type: purpose === 'recovery' ? 'recovery' : 'email',
    }),
  );
}

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(
  client: Backend,
  email: string,
  redirectTo: string,
): Promise<void> {
  throwIfFailed(await client.auth.resetPasswordForEmail(email, { redirectTo }));
}

export async function setNewPassword(client: Backend, password: string): Promise<void> {
  throwIfFailed(await client.auth.updateUser({ password }));
}
