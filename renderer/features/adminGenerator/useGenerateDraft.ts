import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { generateDraft, type GenerationRequest } from './api';
import { generatorKeys } from './hooks';

/** Asks the function for a draft, then reads the drafts list again (the new one on top). */
export function useGenerateDraft() {
  const { storage } = useAtomValue(platformAtom);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: GenerationRequest) =>
      generateDraft(await requireSupabase(storage), request),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: generatorKeys.drafts });
    },
  });
}
