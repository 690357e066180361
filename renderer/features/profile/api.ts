import { dataOf, throwIfFailed } from '../../app/backendError';
import type { Backend } from '../../session/supabaseClient';
import type { AvatarType } from '../../../shared/profile';
import { forgetOfflineCopies } from '../../offline/offlineCopies';

// The profile page's requests. RLS limits every one of them to the signed-in user's own rows
// and avatar folder; the ids passed here only say which rows those are.

const AVATARS = 'avatars';

export interface ProfileDetails {
  fullName: string;
  bio: string;
  avatarUrl: string | null;
  isAdmin: boolean;
  favoriteCount: number;
}

export async function fetchProfileDetails(
  client: Backend,
  userId: string,
): Promise<ProfileDetails> {
  const [profile, roles, favorites] = await Promise.all([
    client
      .from('profiles')
      .select('full_name, bio, avatar_url')
      .eq('user_id', userId)
      .maybeSingle(),
    client.from('user_roles').select('role').eq('user_id', userId),
    client
      .from('favorites')
      .select('token_id', { count: 'exact', head: true })
      .eq('user_id', userId),
  ]);
  throwIfFailed(profile);
  throwIfFailed(favorites);
  return {
    fullName: profile.data?.full_name ?? '',
    bio: profile.data?.bio ?? '',
    avatarUrl: profile.data?.avatar_url ?? null,
    isAdmin: dataOf(roles).some((row) => row.role === 'admin'),
    favoriteCount: favorites.count ?? 0,
  };
}

export async function saveProfileDetails(
  client: Backend,
  userId: string,
  details: { fullName: string; bio: string },
): Promise<void> {
  const fullName = details.fullName.trim();
  const bio = details.bio.trim();
  throwIfFailed(
    await client
      .from('profiles')
      .update({ full_name: fullName === '' ? null : fullName, bio: bio === '' ? null : bio })
      .eq('user_id', userId),
  );
}

/** Every file of the user's avatar folder. */
async function avatarFiles(client: Backend, userId: string): Promise<string[]> {
  const { data, error } = await client.storage.from(AVATARS).list(userId);
  if (error) throw error;
  return data.map((file) => `${userId}/${file.name}`);
}

async function removeFiles(client: Backend, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await client.storage.from(AVATARS).remove(paths);
  if (error) throw error;
}

/**
 * Uploads a new picture under a new name (so no cache serves the old one), points the profile
 * at it, then removes the previous files. Returns its public address.
 */
export async function replaceAvatar(
  client: Backend,
  userId: string,
  image: { bytes: Uint8Array<ArrayBuffer>; type: AvatarType },
): Promise<string> {
  const previous = await avatarFiles(client, userId);
  const path = `${userId}/avatar-${Date.now()}.${image.type === 'image/png' ? 'png' : 'jpg'}`;
  const upload = await client.storage
    .from(AVATARS)
    .upload(path, new Blob([image.bytes], { type: image.type }), { contentType: image.type });
  if (upload.error) throw upload.error;
  const url = client.storage.from(AVATARS).getPublicUrl(path).data.publicUrl;
  throwIfFailed(await client.from('profiles').update({ avatar_url: url }).eq('user_id', userId));
  await removeFiles(client, previous);
  return url;
}

export async function removeAvatar(client: Backend, userId: string): Promise<void> {
  throwIfFailed(await client.from('profiles').update({ avatar_url: null }).eq('user_id', userId));
  await removeFiles(client, await avatarFiles(client, userId));
}

/** Every row the user owns, as the database's export_my_data gathers them. */
export async function exportMyData(client: Backend): Promise<unknown> {
  const { data, error } = await client.rpc('export_my_data');
  if (error) throw error;
  return data;
}

/** Thrown when the last administrator asks to delete their account. */
export class LastAdminError extends Error {
  override name = 'LastAdminError';
}

/**
 * Deletes the account. The last administrator is refused before anything is touched (the
 * database refuses it too). Then the picture goes (storage is out of SQL's reach; its address
 * is cleared first, so a failure later never leaves a broken image), then every row and the
 * auth user (delete_my_account), then the session and the offline copies kept on this device.
 */
export async function deleteMyAccount(client: Backend, userId: string): Promise<void> {
  // RLS shows a non-admin their own roles only, an admin every admin.
  const admins = dataOf(await client.from('user_roles').select('user_id').eq('role', 'admin'));
  if (admins.some((row) => row.user_id === userId) && admins.length === 1) {
    throw new LastAdminError('The last administrator cannot delete their account.');
  }
  await removeAvatar(client, userId);
  const { error } = await client.rpc('delete_my_account');
  // P0001: the function's one refusal, the last administrator (another admin left meanwhile).
  if (error?.code === 'P0001') throw new LastAdminError(error.message);
  if (error) throw error;
  // The user no longer exists: only this device's session is left to forget.
  await client.auth.signOut({ scope: 'local' });
  await forgetOfflineCopies();
}
