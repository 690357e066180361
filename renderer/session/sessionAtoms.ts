import { atom } from 'jotai';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';

export type SessionState =
  { readonly status: 'loading' } | { readonly status: 'ready'; readonly session: Session | null };

export const sessionAtom = atom<SessionState>({ status: 'loading' });

/** The signed-in user's id and email, or null for a visitor or while loading. */
export const currentUserAtom = atom((get) => {
  const state = get(sessionAtom);
  if (state.status !== 'ready' || !state.session) return null;
  const { id, email } = state.session.user;
  return { id, email: email ?? null };
});

/**
 * True once a password-reset link or code signed the person in, until they choose their new
 * password or sign out: /reset-password then asks for the new password.
 */
export const passwordRecoveryAtom = atom(false);

/** Auth events after which the session is known. */
export const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
]);
