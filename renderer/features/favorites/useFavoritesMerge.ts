import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { platformAtom } from '../../platform/platformAtom';
import { currentUserAtom } from '../../session/sessionAtoms';
import { requireSupabase } from '../../session/supabaseClient';
import { showToastAtom } from '../../toasts/toastAtoms';
import { addFavorites } from './api';
import { localFavoritesAtom, saveLocalFavoritesAtom } from './favoritesAtoms';
import { favoritesKey } from './useFavorites';

/**
 * When someone signs in with favorites kept on the device, adds them to the account (a union:
 * the account's own stay) and only then clears the device's copy. A failure keeps the device's
 * copy, says so, and is tried again at the next sign-in or change: nothing is lost.
 */
export function useFavoritesMerge(): void {
  const { t } = useTranslation('tokens');
  const user = useAtomValue(currentUserAtom);
  const local = useAtomValue(localFavoritesAtom);
  const saveLocal = useSetAtom(saveLocalFavoritesAtom);
  const showToast = useSetAtom(showToastAtom);
  const { storage } = useAtomValue(platformAtom);
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || local.length === 0) return;
    let cancelled = false;
    const merge = async () => {
      const client = await requireSupabase(storage);
      await addFavorites(client, userId, local);
      if (cancelled) return;
      await saveLocal([]);
      await queryClient.invalidateQueries({ queryKey: favoritesKey(userId) });
    };
    merge().catch(() => {
      if (!cancelled) showToast({ kind: 'error', message: t('favorite.mergeError') });
    });
    return () => {
      cancelled = true;
    };
  }, [userId, local, storage, saveLocal, queryClient, showToast, t]);
}
