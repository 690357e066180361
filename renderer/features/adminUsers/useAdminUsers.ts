import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../../platform/platformAtom';
import { requireSupabase } from '../../session/supabaseClient';
import { listUsers } from './api';
import { retryUnlessRefused } from '../admin/retryUnlessRefused';

export const adminUsersKeys = {
  all: ['adminUsers'] as const,
  page: (query: string, page: number) => ['adminUsers', 'page', { query, page }] as const,
};

/**
 * One page of the users list. The page shown stays while the next one loads, so that the pager
 * and the search box keep their place and the keyboard focus.
 */
export function useAdminUsers(query: string, page: number) {
  const { storage } = useAtomValue(platformAtom);
  return useQuery({
    queryKey: adminUsersKeys.page(query.trim(), page),
    queryFn: async () => listUsers(await requireSupabase(storage), { query, page }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
