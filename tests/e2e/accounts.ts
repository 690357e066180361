import { createClient, type Session } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { E2E_KEYS, STACK_URL } from './environment';

// Accounts for the end-to-end tests: made confirmed through the stack's admin API (the journeys
// that test sign-up itself go through the form and the mailbox instead), signed in by handing
// their session to the app's storage, and the mails the stack sent them.

/** Where supabase-js keeps the session for a backend on 127.0.0.1. */
export const SESSION_KEY = 'sb-127-auth-token';

export const service = createClient(STACK_URL, E2E_KEYS.serviceKey, {
  auth: { persistSession: false },
});

export function freshEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** A new confirmed account with this password, and a session of it. */
export async function confirmedAccount(
  prefix: string,
  password: string,
): Promise<{ email: string; session: Session; userId: string }> {
  const email = freshEmail(prefix);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(`account creation failed: ${created.error.message}`);
  const client = createClient(STACK_URL, E2E_KEYS.anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return { email, session: data.session, userId: data.user.id };
}

/** A new confirmed account that is an admin, granted as `npm run admin -- grant` would. */
export async function confirmedAdmin(
  prefix: string,
  password: string,
): Promise<{ email: string; session: Session; userId: string }> {
  const account = await confirmedAccount(prefix, password);
  const granted = await service
    .from('user_roles')
    .insert({ user_id: account.userId, role: 'admin' });
  if (granted.error) throw new Error(`granting admin failed: ${granted.error.message}`);
  return account;
}

/** Starts the app already signed in with this session. */
export async function signInWith(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Every mail the stack sent to this address, oldest first. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${STACK_URL}/mail/messages.json`);
  if (!response.ok) throw new Error(`mailbox: ${response.status}`);
  const mails = (await response.json()) as Mail[];
  return mails.filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/** The link and 6-digit code of a mail. */
export function linkAndCode(mail: Mail): { link: string; code: string } {
  const link = mail.links.find((candidate) => candidate.includes('/auth/v1/verify'));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!link || !code) throw new Error(`no link or code in: ${mail.text}`);
  return { link, code };
}
