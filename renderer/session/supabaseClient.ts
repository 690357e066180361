import type { SupabaseClient } from '@supabase/supabase-js';
import type { KeyValueStorage } from '../../shared/platform';
import { readBackendConfig } from './backendConfig';

let clientPromise: Promise<SupabaseClient | null> | undefined;

/**
 * The one Supabase client, created on first use: supabase-js is loaded after the first paint so
 * it stays out of the start-up bundle. Resolves to null when no backend is configured.
 */
export function getSupabase(storage: KeyValueStorage): Promise<SupabaseClient | null> {
  clientPromise ??= (async () => {
    const config = readBackendConfig();
    if (!config) return null;
    const { createClient } = await import('@supabase/supabase-js');
    return createClient(config.url, config.anonKey, {
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
