import { QueryClient } from '@tanstack/react-query';
import { offlineWithWorker } from '../offline/offlineCopies';

/** How long a query's last answer is kept in memory after no page shows it any more. */
const KEEP_LAST_ANSWER_MS = 24 * 60 * 60 * 1000;

/**
 * The one cache of server state. Data read once stays on screen while a newer copy is fetched
 * in the background (stale-while-revalidate), and when a refetch fails the last answer stays
 * too: pages show it with a notice instead of going blank. Failed reads are retried three times
 * with exponential back-off (1 s, 2 s, 4 s, TanStack Query's default delays), unless the device
 * is offline and the page is the offline worker's.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: KEEP_LAST_ANSWER_MS,
        // Offline under the offline worker, a retry cannot do better than its copy already did.
        retry: (failureCount) => failureCount < 3 && !offlineWithWorker(),
        refetchOnWindowFocus: true,
        // The desktop app and a local stack work without "the internet": never pause a read
        // because the browser believes it is offline.
        networkMode: 'always',
      },
      mutations: { networkMode: 'always', retry: 0 },
    },
  });
}

/** The app's one cache, shared by every page that reads the backend. */
export const queryClient = createQueryClient();
