import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createStack, type StackOptions } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { deriveApiKeys, signJwt } from '../../server/keys.ts';
import { afterAll, beforeAll } from 'vitest';
import { seedContent, seedUserRows, seedUsers, type TestUser } from './fixtures.ts';

// A running local stack on a free port over a test database, with the keys a client needs.

export const TEST_JWT_SECRET = 'test-secret-with-at-least-32-characters-long!!';

export interface TestStack {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** An `authenticated` access token for the user, shaped like GoTrue's. */
  userToken(user: TestUser, lifetimeSeconds?: number): string;
  /** The unmodified supabase-js client, with the anon key and optionally a user's token. */
  client(as?: 'anon' | 'service' | TestUser): SupabaseClient;
  close(): Promise<void>;
}

/** Starts the stack on a free port; storage and other services are mounted when asked for. */
export async function startStack(
  db: Database,
  more: Pick<
    StackOptions,
    'auth' | 'mailbox' | 'functions' | 'storageDir' | 'now' | 'statementTimeouts'
  > = {},
): Promise<TestStack> {
  const server = createStack({ db, jwtSecret: TEST_JWT_SECRET, ...more });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const { anonKey, serviceKey } = deriveApiKeys(TEST_JWT_SECRET);
  const userToken = (user: TestUser, lifetimeSeconds = 3600): string => {
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      {
        sub: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: user.email,
        phone: '',
        iat: now,
        exp: now + lifetimeSeconds,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { full_name: user.fullName },
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: '00000000-0000-4000-8000-00000000005e',
        is_anonymous: false,
      },
      TEST_JWT_SECRET,
    );
  };
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  return {
    url,
    anonKey,
    serviceKey,
    userToken,
    client(as = 'anon') {
      if (as === 'anon') return createClient(url, anonKey, options);
      if (as === 'service') return createClient(url, serviceKey, options);
      return createClient(url, anonKey, {
        ...options,
        global: { headers: { Authorization: `Bearer ${userToken(as)}` } },
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}

interface SeededStackOptions {
  /** More rows or functions, written as the database owner before the stack starts. */
  readonly beforeStart?: (db: Database) => Promise<void>;
  /** Rows written through the stack itself once it runs. */
  readonly afterStart?: (stack: TestStack) => Promise<void>;
}

/**
 * For a suite: seeds the fixture users, content and their rows, starts a stack before the tests
 * and stops it after. Returns a getter, because the stack exists only once beforeAll has run.
 */
export function seededStack(db: () => Database, options: SeededStackOptions = {}): () => TestStack {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    await seedUsers(db());
    await seedContent(db());
    await seedUserRows(db());
    await options.beforeStart?.(db());
    stack = await startStack(db());
    await options.afterStart?.(stack);
  });
  afterAll(async () => {
    await stack?.close();
  });
  return () => {
    if (!stack) throw new Error('The stack starts in beforeAll.');
    return stack;
  };
}
