import type { SupabaseClient } from '@supabase/supabase-js';
import { askIsAdmin } from '../features/account/api';

/** How long an answer from `has_role` is trusted before asking again. */
export const ADMIN_STATUS_TTL_MS = 5 * 60 * 1000;

const cache = new Map<string, { isAdmin: boolean; checkedAt: number }>();

/**
 * Whether the user is an admin, as the database's `has_role` says. Any failure counts as "not
 * admin": the UI only hides links, the server's RLS and functions are what really guard.
 */
export async function fetchIsAdmin(
  client: SupabaseClient,
  userId: string,
  now: () => number = Date.now,
): Promise<boolean> {
  const cached = cache.get(userId);
  if (cached && now() - cached.checkedAt < ADMIN_STATUS_TTL_MS) return cached.isAdmin;
  const isAdmin = await askIsAdmin(client, userId);
  cache.set(userId, { isAdmin, checkedAt: now() });
  return isAdmin;
}

/** Forgets cached answers: one user's, or everyone's. */
export function invalidateAdminStatus(userId?: string): void {
  if (userId) cache.delete(userId);
  else cache.clear();
}
