import { atom } from 'jotai';
import { unwrap } from 'jotai/utils';
import { platformAtom } from '../platform/platformAtom';
import { isAdminAtom } from './accountAtoms';
import { getSupabase } from './supabaseClient';

const unreadVersionAtom = atom(0);

const unreadRequestAtom = atom(async (get) => {
  get(unreadVersionAtom);
  if (!get(isAdminAtom)) return null;
  try {
    const client = await getSupabase(get(platformAtom).storage);
    if (!client) return null;
    // A HEAD request: the count alone, no message travels.
    const { count, error } = await client
      .from('contact_messages')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'new');
    return error ? null : count;
  } catch {
    // The count is a hint in the frame; the messages page says what failed.
    return null;
  }
});

/** How many contact messages no admin has opened yet; null for non-admins or when unknown. */
export const unreadMessagesAtom = unwrap(unreadRequestAtom, (previous) => previous ?? null);

/** Counts again, after an admin opened, handled or deleted a message. */
export const refreshUnreadMessagesAtom = atom(null, (_get, set) => {
  set(unreadVersionAtom, (version) => version + 1);
});
