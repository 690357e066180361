import { useBackendQuery } from '../../app/useBackendQuery';
import { fetchTerm, fetchTermList } from './api';

export const dictionaryKeys = {
  list: ['dictionary', 'list'] as const,
  term: (slug: string) => ['dictionary', 'term', slug] as const,
};

export function useTermList() {
  return useBackendQuery(dictionaryKeys.list, fetchTermList);
}

export function useTerm(slug: string) {
  return useBackendQuery(dictionaryKeys.term(slug), (client) => fetchTerm(client, slug));
}
