import type { SupabaseClient } from '@supabase/supabase-js';
import type { Backend } from '../../session/supabaseClient';

// What the frame shows of the signed-in person, read from the backend: whether they are an
// admin, their picture, and (for admins) how many contact messages nobody has opened. The
// session's atoms (renderer/session/) keep the answers; each read here is a hint for the frame,
// so a failure is "no" or "unknown" rather than an error: the server's RLS and the pages
// themselves are what guard and what report.

/** Whether `has_role` says the user is an admin; any failure counts as no. */
export async function askIsAdmin(client: SupabaseClient, userId: string): Promise<boolean> {
  try {
    const answer: { data: unknown; error: unknown } = await client.rpc('has_role', {
      _user_id: userId,
      _role: 'admin',
    });
    return !answer.error && answer.data === true;
  } catch {
    return false;
  }
}

/** The user's picture, or null (none, or not readable now: the initial letter shows). */
export async function fetchAvatarUrl(client: Backend, userId: string): Promise<string | null> {
  try {
    const { data } = await client
      .from('profiles')
      .select('avatar_url')
      .eq('user_id', userId)
      .maybeSingle();
    return data?.avatar_url ?? null;
  } catch {
    return null;
  }
}

/** How many contact messages are still new, or null when the count cannot be had. */
export async function countNewMessages(client: Backend): Promise<number | null> {
  try {
    // A HEAD request: the count alone, no message travels.
    const { count, error } = await client
      .from('contact_messages')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'new');
    return error ? null : count;
  } catch {
    return null;
  }
}
