import { useBackendQuery } from '../../app/useBackendQuery';
import { fetchTokenList, fetchTokenSheet, fetchTopMarket } from './api';

// Every key starts with 'tokens': new market figures refetch them all (useMarketUpdates).
export const tokenKeys = {
  list: ['tokens', 'list'] as const,
  sheet: (id: string) => ['tokens', 'sheet', id] as const,
  top: (count: number) => ['tokens', 'top', count] as const,
};

export function useTokenList() {
  return useBackendQuery(tokenKeys.list, fetchTokenList);
}

export function useTokenSheet(id: string) {
  return useBackendQuery(tokenKeys.sheet(id), (client) => fetchTokenSheet(client, id));
}

export function useTopMarket(count: number) {
  return useBackendQuery(tokenKeys.top(count), (client) => fetchTopMarket(client, count));
}
