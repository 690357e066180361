import type { Backend } from '../../session/supabaseClient';

/**
 * Asks to move the account to a new address: the stack mails a confirmation link and code to
 * it, and the change applies only once it is confirmed (until then `new_email` holds it).
 */
export async function requestEmailChange(
  client: Backend,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  if (error) throw error;
}

/** Changes the password; the stack refuses it when the current password is wrong. */
export async function changePassword(
  client: Backend,
  currentPassword: string,
  password: string,
): Promise<void> {
  const { error } = await client.auth.updateUser({
    password,
    current_password: currentPassword,
  });
  if (error) throw error;
}
