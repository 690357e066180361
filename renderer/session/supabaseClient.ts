import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../shared/database.types';
import type { KeyValueStorage } from '../../shared/platform';
import { afterFirstPaint } from './afterFirstPaint';
import { readBackendConfig } from './backendConfig';

/** supabase-js typed by the schema of supabase/migrations. */
export type Backend = SupabaseClient<Database>;

let clientPromise: Promise<Backend | null> | undefined;

/**
 * The one Supabase client, created on first use: supabase-js is loaded once the first content
 * is painted, so it stays out of what a first visit waits for. Resolves to null when no backend
 * is configured.
 */
export function getSupabase(storage: KeyValueStorage): Promise<Backend | null> {
  clientPromise ??= (async () => {
    const config = readBackendConfig();
    if (!config) return null;
    await afterFirstPaint();
    const { createClient } = await import('@supabase/supabase-js');
    return createClient<Database>(config.url, config.anonKey, {
      // The stack writes a mail in the account's language, or else in the request's
      // Accept-Language: sent as the interface's (the page's lang, which follows it), so that a
      // reset or sign-in mail to an account without a saved language still arrives in the
      // language of the page that asked for it.
      global: {
        fetch: (input, init) => {
          const headers = new Headers(init?.headers);
          headers.set('accept-language', document.documentElement.lang || 'fr');
          return fetch(input, { ...init, headers });
        },
      },
      // Failed reads are retried three times, with back-off, by the query cache
      // (app/queryClient.ts); postgrest-js's own retries are off, since a second layer would
      // multiply the attempts and the wait.
      db: { retry: false },
      auth: {
        // The session goes through the platform adapter so the desktop keeps it in its store.
        storage: {
          getItem: (key) => storage.get(key),
          setItem: (key, value) => storage.set(key, value),
          removeItem: (key) => storage.remove(key),
        },
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'pkce',
      },
    });
  })();
  return clientPromise;
}

/** Thrown by a read when the build has no backend configured (no anon key). */
export class BackendNotConfiguredError extends Error {
  override name = 'BackendNotConfiguredError';
}

/** The client, or BackendNotConfiguredError: for reads that cannot do without it. */
export async function requireSupabase(storage: KeyValueStorage): Promise<Backend> {
  const client = await getSupabase(storage);
  if (!client) throw new BackendNotConfiguredError('No Supabase backend is configured.');
  return client;
}
