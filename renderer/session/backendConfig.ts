import { backendUrlFrom } from '../../shared/defaultBackendUrl';

/** Where the Supabase backend is. A deployment sets both variables at build time. */
export interface BackendConfig {
  readonly url: string;
  readonly anonKey: string;
}

/** Null when no anon key is configured: accounts are then unavailable, the rest still works. */
export function readBackendConfig(env: ImportMetaEnv = import.meta.env): BackendConfig | null {
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!anonKey) return null;
  return { url: backendUrlFrom(env.VITE_SUPABASE_URL), anonKey };
}
