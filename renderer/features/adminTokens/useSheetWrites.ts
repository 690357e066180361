import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { TokenInput } from '../../../shared/content/tokenRules';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { deleteSheet, removeIcons, saveSheet, uploadIcon } from './api';
import { adminSheetKeys } from './useAdminSheets';

/** What becomes of a sheet's uploaded icon on save. */
export type IconChange = { kind: 'keep' } | { kind: 'replace'; png: Blob } | { kind: 'remove' };

export interface SaveRequest {
  /** Null to create the sheet. */
  originalId: string | null;
  token: TokenInput;
  icon: IconChange;
  /** The uploaded icon the sheet shows now, removed from storage once replaced or removed. */
  currentIconPath: string | null;
}

/** The public pages' keys all start with 'tokens' (features/tokens/hooks.ts). */
const PUBLIC_TOKEN_KEYS = ['tokens'] as const;

function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminSheetKeys.all }),
      queryClient.invalidateQueries({ queryKey: PUBLIC_TOKEN_KEYS }),
    ]);
}

/**
 * Saves a sheet: the new icon is uploaded first (the sheet then names it in the same save), and
 * removed again when the save fails; the icon it replaces is removed once the save succeeded.
 */
export function useSaveSheet() {
  const { storage } = useAtomValue(platformAtom);
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ originalId, token, icon, currentIconPath }: SaveRequest) => {
      const client = await requireSupabase(storage);
      const uploaded =
        icon.kind === 'replace' ? await uploadIcon(client, token.id, icon.png) : null;
      try {
        await saveSheet(client, originalId, token, icon.kind === 'keep' ? undefined : uploaded);
      } catch (error) {
        if (uploaded !== null) await removeIcons(client, [uploaded]).catch(() => undefined);
        throw error;
      }
      if (icon.kind !== 'keep' && currentIconPath !== null) {
        // The sheet no longer shows it: a file left behind is only unused space.
        await removeIcons(client, [currentIconPath]).catch(() => undefined);
      }
      return token.id;
    },
    onSuccess: refresh,
  });
}

export function useDeleteSheet() {
  const { storage } = useAtomValue(platformAtom);
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (id: string) => {
      await deleteSheet(await requireSupabase(storage), id);
    },
    onSuccess: refresh,
  });
}
