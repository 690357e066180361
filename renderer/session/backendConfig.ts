/** Where the Supabase backend is. A deployment sets both variables at build time. */
export interface BackendConfig {
  readonly url: string;
  readonly anonKey: string;
}

export const DEFAULT_BACKEND_URL = 'http://127.0.0.1:54321';

/** Null when no anon key is configured: accounts are then unavailable, the rest still works. */
export function readBackendConfig(env: ImportMetaEnv = import.meta.env): BackendConfig | null {
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!anonKey) return null;
  return { url: env.VITE_SUPABASE_URL?.trim() || DEFAULT_BACKEND_URL, anonKey };
}
