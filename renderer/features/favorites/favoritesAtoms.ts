import { atom } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { StorageKey } from '../../settings/storageKeys';
import { serializeLocalFavorites } from './localFavorites';

/** A visitor's favorites, read from the platform storage at start-up (main.tsx). */
export const localFavoritesAtom = atom<readonly string[]>([]);

/** Replaces the visitor's favorites and keeps them on the device; an empty list removes the key. */
export const saveLocalFavoritesAtom = atom(null, async (get, set, ids: readonly string[]) => {
  set(localFavoritesAtom, ids);
  const { storage } = get(platformAtom);
  await (ids.length === 0
    ? storage.remove(StorageKey.favorites)
    : storage.set(StorageKey.favorites, serializeLocalFavorites(ids)));
});
