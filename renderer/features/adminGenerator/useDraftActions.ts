import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { Json } from '../../../shared/database.types';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { discardDraft, publishDraft, saveDraft } from './api';
import { generatorKeys } from './hooks';

/**
 * What an admin does with a draft: keep the edits, publish it (the public pages then read the
 * dictionary or the sheets again) or discard it. Each one reads the drafts list again.
 */
export function useDraftActions(id: string) {
  const { storage } = useAtomValue(platformAtom);
  const queryClient = useQueryClient();
  const refreshDrafts = () => queryClient.invalidateQueries({ queryKey: generatorKeys.drafts });
  const save = useMutation({
    mutationFn: async (payload: Json) => {
      await saveDraft(await requireSupabase(storage), id, payload);
    },
    onSuccess: refreshDrafts,
  });
  const publish = useMutation({
    mutationFn: async (payload: Json) => publishDraft(await requireSupabase(storage), id, payload),
    onSuccess: async (target) => {
      // The public pages' caches (features/dictionary and features/tokens key by these).
      await queryClient.invalidateQueries({
        queryKey: target.kind === 'term' ? ['dictionary'] : ['tokens'],
      });
      await refreshDrafts();
    },
  });
  const discard = useMutation({
    mutationFn: async () => {
      await discardDraft(await requireSupabase(storage), id);
    },
    onSuccess: refreshDrafts,
  });
  return { save, publish, discard };
}
