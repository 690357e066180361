import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBackendQuery } from '../../app/useBackendQuery';
import { fetchLastMarketRefresh } from '../tokens/api';

/** How often an open page asks whether new prices arrived: one tiny row per request. */
const CHECK_EVERY_MS = 30_000;

export const marketKeys = {
  lastRefresh: ['market', 'last-refresh'] as const,
};

/**
 * Keeps an open page's prices current without a reload: it asks when the market was last
 * refreshed and, when that changes, refetches the token queries in the background (the page
 * keeps showing the old figures until the new ones arrive).
 */
export function useMarketUpdates(): void {
  const queryClient = useQueryClient();
  const lastRefresh = useBackendQuery(marketKeys.lastRefresh, fetchLastMarketRefresh, {
    refetchInterval: CHECK_EVERY_MS,
  });
  const seen = useRef<string | null | undefined>(undefined);
  const current = lastRefresh.data;
  useEffect(() => {
    if (current === undefined) return;
    if (seen.current !== undefined && seen.current !== current) {
      void queryClient.invalidateQueries({ queryKey: ['tokens'] });
    }
    seen.current = current;
  }, [current, queryClient]);
}
