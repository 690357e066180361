import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { TermInput } from '../../../shared/content/termRules';
import { useBackendQuery } from '../../app/useBackendQuery';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { dictionaryKeys } from '../dictionary/hooks';
import { deleteTerm, fetchAdminTerm, fetchAdminTermList, saveTerm } from './api';

export const adminTermsKeys = {
  all: ['adminTerms'] as const,
  list: ['adminTerms', 'list'] as const,
  term: (slug: string) => ['adminTerms', 'term', slug] as const,
};

/** The prefix of every dictionary read (`dictionaryKeys.list`, `dictionaryKeys.term(slug)`). */
const dictionaryPrefix = dictionaryKeys.list.slice(0, 1);

export function useAdminTermList() {
  return useBackendQuery(adminTermsKeys.list, fetchAdminTermList);
}

/**
 * One term for the editor, read afresh each time the editor opens (`isFetchedAfterMount`): a
 * copy cached earlier may predate another admin's change, and the editor starts from it.
 */
export function useAdminTerm(slug: string, enabled: boolean) {
  const { storage } = useAtomValue(platformAtom);
  return useQuery({
    queryKey: adminTermsKeys.term(slug),
    queryFn: async () => fetchAdminTerm(await requireSupabase(storage), slug),
    enabled,
    refetchOnMount: 'always',
  });
}

/**
 * After a write, the admin's lists and the public dictionary read the database again. Not
 * awaited: the editor takes in the saved slug first, so the refreshed list never shows it its
 * own new slug as taken.
 */
function useRefreshTerms() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminTermsKeys.all });
    void queryClient.invalidateQueries({ queryKey: dictionaryPrefix });
  };
}

export function useSaveTerm() {
  const { storage } = useAtomValue(platformAtom);
  const refresh = useRefreshTerms();
  return useMutation({
    mutationFn: async ({ originalSlug, term }: { originalSlug: string | null; term: TermInput }) =>
      saveTerm(await requireSupabase(storage), originalSlug, term),
    onSuccess: refresh,
  });
}

export function useDeleteTerm() {
  const { storage } = useAtomValue(platformAtom);
  const refresh = useRefreshTerms();
  return useMutation({
    mutationFn: async (slug: string) => deleteTerm(await requireSupabase(storage), slug),
    onSuccess: refresh,
  });
}
