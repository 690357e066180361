import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import { authService } from '../../server/auth/service.ts';
import type { AuthOptions } from '../../server/auth/context.ts';
import type { Database } from '../../server/db/database.ts';
import { createOutbox, mailService, type StoredMail } from '../../server/mail/outbox.ts';
import { startStack, TEST_JWT_SECRET } from './stack.ts';

// The stack with `/auth/v1` and `/mail` mounted, a movable clock and helpers for journeys.

export const SITE_URL = 'http://127.0.0.1:3000';
export const PASSWORD = 'Sesame#2026ok';

export interface AuthStack {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** A fresh supabase-js client with the anon key (or the service key), no persistence. */
  client(key?: 'anon' | 'service'): SupabaseClient;
  /** Moves the auth server's clock forward. */
  advance(seconds: number): void;
  /** The mails in the outbox, read over HTTP from `/mail/messages.json`. */
  mails(): Promise<StoredMail[]>;
  /** The newest mail to this address (over HTTP), failing when there is none. */
  latestMail(to: string): Promise<StoredMail>;
  close(): Promise<void>;
}

export async function startAuthStack(
  db: Database,
  options: Partial<AuthOptions> = {},
): Promise<AuthStack> {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const outbox = createOutbox(now);
  const auth = authService({
    db,
    jwtSecret: TEST_JWT_SECRET,
    siteUrl: SITE_URL,
    mailer: outbox,
    now,
    ipLimits: false,
    ...options,
  });
  const running = await startStack(db, {
    auth,
    mailbox: mailService(outbox),
  });
  const mails = async () =>
    (await (await fetch(`${running.url}/mail/messages.json`)).json()) as StoredMail[];
  return {
    url: running.url,
    anonKey: running.anonKey,
    serviceKey: running.serviceKey,
    client: (key = 'anon') => running.client(key),
    advance(seconds) {
      offset += seconds * 1000;
    },
    mails,
    async latestMail(to) {
      const mail = (await mails()).findLast((m) => m.to === to.toLowerCase());
      if (mail === undefined) throw new Error(`No mail to ${to}`);
      return mail;
    },
    close: running.close,
  };
}

/** Starts one auth stack for the suite (after the database is prepared). */
export function authStackFor(db: () => Database, options: Partial<AuthOptions> = {}) {
  let stack: AuthStack | undefined;
  beforeAll(async () => {
    stack = await startAuthStack(db(), options);
  });
  afterAll(async () => {
    await stack?.close();
  });
  return (): AuthStack => {
    if (stack === undefined) throw new Error('The auth stack starts in beforeAll.');
    return stack;
  };
}

/** Follows an emailed link without following the redirect; returns the fragment parameters. */
export async function followLink(
  link: string,
): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return {
    status: response.status,
    location,
    fragment: new URLSearchParams(location.hash.slice(1)),
  };
}

/** The `/verify` link of a mail. */
export function verifyLink(mail: StoredMail): string {
  const link = mail.links.find((candidate) => candidate.includes('/auth/v1/verify?'));
  if (link === undefined) throw new Error(`No verify link in "${mail.subject}"`);
  return link;
}

let counter = 0;
/** A unique address per call. */
export const uniqueEmail = (name: string): string =>
  `${name}.${Date.now().toString(36)}.${(counter += 1)}@example.test`;

/** A confirmed account made through the admin API (no mail has gone to it): its address. */
export async function confirmedUser(stack: AuthStack, name: string): Promise<string> {
  const email = uniqueEmail(name);
  const { error } = await stack
    .client('service')
    .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return email;
}

export const decodeJwt = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
