/**
 * The local stack's address (`npm start`), which the web build, the desktop app and their
 * security policies use when `VITE_SUPABASE_URL` names no other backend.
 */
export const DEFAULT_BACKEND_URL = 'http://127.0.0.1:54321';
