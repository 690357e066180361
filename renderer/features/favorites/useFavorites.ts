import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useBackendQuery } from '../../app/useBackendQuery';
import { platformAtom } from '../../platform/platformAtom';
import { currentUserAtom } from '../../session/sessionAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import { showToastAtom } from '../../toasts/toastAtoms';
import { addFavorite, fetchFavoriteIds, removeFavorite } from './api';
import { localFavoritesAtom, saveLocalFavoritesAtom } from './favoritesAtoms';
import { toggled } from './localFavorites';

const NO_FAVORITES: readonly string[] = [];

export const favoritesKey = (userId: string) => ['favorites', userId] as const;

export interface Favorites {
  /** Favorite token ids, in the order they were added. */
  ids: readonly string[];
  /** Where they live: the account (signed in) or this device. */
  storedIn: 'account' | 'device';
  /** True while a signed-in user's favorites are first read. */
  loading: boolean;
  isFavorite: (id: string) => boolean;
  toggle: (id: string) => void;
}

/**
 * The favorites of whoever is here. A visitor's live on the device; a signed-in user's in the
 * `favorites` table, where a toggle shows at once and is undone, with a toast, when the server
 * refuses it.
 */
export function useFavorites(): Favorites {
  const { t } = useTranslation('tokens');
  const user = useAtomValue(currentUserAtom);
  const local = useAtomValue(localFavoritesAtom);
  const saveLocal = useSetAtom(saveLocalFavoritesAtom);
  const showToast = useSetAtom(showToastAtom);
  const { storage } = useAtomValue(platformAtom);
  const queryClient = useQueryClient();
  const key = favoritesKey(user?.id ?? '');
  const account = useBackendQuery(key, fetchFavoriteIds, { enabled: user !== null });

  const change = useMutation({
    mutationFn: async ({ id, add }: { id: string; add: boolean }) => {
      if (!user) return;
      const client = await requireSupabase(storage);
      await (add ? addFavorite(client, user.id, id) : removeFavorite(client, user.id, id));
    },
    onMutate: async ({ id, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      const without = (previous ?? []).filter((entry) => entry !== id);
      queryClient.setQueryData<string[]>(key, add ? [...without, id] : without);
      return { previous };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(key, context?.previous);
      showToast({ kind: 'error', message: t('favorite.saveError') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const ids = user ? (account.data ?? NO_FAVORITES) : local;
  const { mutate } = change;
  // Stable while the favorites do not change, so that typing in a search re-renders no row.
  const toggle = useCallback(
    (id: string) => {
      if (user) mutate({ id, add: !ids.includes(id) });
      else void saveLocal(toggled(local, id)).catch(() => undefined);
    },
    [user, ids, local, mutate, saveLocal],
  );
  return {
    ids,
    storedIn: user ? 'account' : 'device',
    loading: user !== null && account.isPending,
    isFavorite: (id) => ids.includes(id),
    toggle,
  };
}
