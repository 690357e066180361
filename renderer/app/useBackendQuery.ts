import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { platformAtom } from '../platform/platformAtom';
import { type Backend, requireSupabase } from '../session/supabaseClient';

/**
 * A cached read of the backend: `read` gets the typed supabase-js client and is one of the
 * functions of a `features/<domain>/api.ts`. Caching, retries and background refetches are the
 * query client's (see queryClient.ts).
 */
export function useBackendQuery<T>(
  queryKey: QueryKey,
  read: (client: Backend) => Promise<T>,
  options: { refetchInterval?: number; enabled?: boolean } = {},
): UseQueryResult<T> {
  const { storage } = useAtomValue(platformAtom);
  return useQuery({
    queryKey,
    queryFn: async () => read(await requireSupabase(storage)),
    ...options,
  });
}
