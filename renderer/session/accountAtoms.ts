import { atom } from 'jotai';
import { unwrap } from 'jotai/utils';
import { fetchAvatarUrl } from '../features/account/api';
import { platformAtom } from '../platform/platformAtom';
import { fetchIsAdmin, invalidateAdminStatus } from './adminStatus';
import { currentUserAtom } from './sessionAtoms';
import { getSupabase } from './supabaseClient';

const adminStatusVersionAtom = atom(0);

const adminStatusRequestAtom = atom(async (get) => {
  get(adminStatusVersionAtom);
  const user = get(currentUserAtom);
  if (!user) return false;
  const client = await getSupabase(get(platformAtom).storage);
  return client ? fetchIsAdmin(client, user.id) : false;
});

/** False until the server says otherwise, and false again while a new answer is pending. */
export const isAdminAtom = unwrap(adminStatusRequestAtom, () => false);

/** Asks the server again, e.g. after an admin granted or revoked a role. */
export const refreshAdminStatusAtom = atom(null, (_get, set) => {
  invalidateAdminStatus();
  set(adminStatusVersionAtom, (version) => version + 1);
});

const avatarVersionAtom = atom(0);

const avatarRequestAtom = atom(async (get) => {
  get(avatarVersionAtom);
  const user = get(currentUserAtom);
  if (!user) return null;
  try {
    const client = await getSupabase(get(platformAtom).storage);
    return client ? await fetchAvatarUrl(client, user.id) : null;
  } catch {
    // The avatar is decoration: without it the initial letter shows.
    return null;
  }
});

/** The picture shown in the frame; the previous one stays while a new answer is pending. */
export const avatarUrlAtom = unwrap(avatarRequestAtom, (previous) => previous ?? null);

/** Reads the picture again, after the profile page changed or removed it. */
export const refreshAvatarAtom = atom(null, (_get, set) => {
  set(avatarVersionAtom, (version) => version + 1);
});
