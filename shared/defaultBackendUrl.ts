/**
 * The local stack's address (`npm start`), which the web build, the desktop app and their
 * security policies use when `VITE_SUPABASE_URL` names no other backend.
 */
export const DEFAULT_BACKEND_URL = 'http://127.0.0.1:54321';

/**
 * The backend a build talks to: `VITE_SUPABASE_URL` as the renderer, the web policy and the
 * desktop policy all read it (trimmed; unset or blank means the local stack).
 */
export function backendUrlFrom(configured: unknown): string {
  return typeof configured === 'string' && configured.trim() !== ''
    ? configured.trim()
    : DEFAULT_BACKEND_URL;
}
