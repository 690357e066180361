import { atom } from 'jotai';
import { unwrap } from 'jotai/utils';
import { countNewMessages } from '../features/account/api';
import { platformAtom } from '../platform/platformAtom';
import { isAdminAtom } from './accountAtoms';
import { getSupabase } from './supabaseClient';

const unreadVersionAtom = atom(0);

const unreadRequestAtom = atom(async (get) => {
  get(unreadVersionAtom);
  if (!get(isAdminAtom)) return null;
  try {
    const client = await getSupabase(get(platformAtom).storage);
    return client ? await countNewMessages(client) : null;
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
