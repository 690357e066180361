import { dataOf, throwIfFailed } from '../../app/backendError';
import type { Backend } from '../../session/supabaseClient';

/** The signed-in user's favorite token ids, oldest first (RLS returns only their own rows). */
export async function fetchFavoriteIds(client: Backend): Promise<string[]> {
  const rows = dataOf(
    await client.from('favorites').select('token_id').order('created_at', { ascending: true }),
  );
  return rows.map((row) => row.token_id);
}

/**
 * Adds favorites to the account; ones it already has are left as they are, and ids of sheets
 * that no longer exist are skipped, so a merge never fails on one stale id.
 */
export async function addFavorites(
  client: Backend,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const existing = dataOf(
    await client
      .from('tokens')
      .select('id')
      .in('id', [...ids]),
  );
  const rows = existing.map(({ id }) => ({ user_id: userId, token_id: id }));
  if (rows.length === 0) return;
  throwIfFailed(
    await client
      .from('favorites')
      .upsert(rows, { onConflict: 'user_id,token_id', ignoreDuplicates: true }),
  );
}

export async function removeFavorite(client: Backend, userId: string, id: string): Promise<void> {
  throwIfFailed(await client.from('favorites').delete().eq('user_id', userId).eq('token_id', id));
}

/** Adds one favorite; one the account already has (from another device) is left as it is. */
export async function addFavorite(client: Backend, userId: string, id: string): Promise<void> {
  throwIfFailed(
    await client
      .from('favorites')
      .upsert(
        { user_id: userId, token_id: id },
        { onConflict: 'user_id,token_id', ignoreDuplicates: true },
      ),
  );
}
