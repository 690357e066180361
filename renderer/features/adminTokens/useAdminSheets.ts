import { useBackendQuery } from '../../app/useBackendQuery';
import { fetchSheetSummaries, fetchStoredSheet } from './api';

// The admin's own keys: the public pages' `tokens` keys are invalidated too after each write.
export const adminSheetKeys = {
  all: ['adminTokens'] as const,
  list: ['adminTokens', 'list'] as const,
  sheet: (id: string) => ['adminTokens', 'sheet', id] as const,
};

export function useSheetSummaries() {
  return useBackendQuery(adminSheetKeys.list, fetchSheetSummaries);
}

export function useStoredSheet(id: string) {
  return useBackendQuery(adminSheetKeys.sheet(id), (client) => fetchStoredSheet(client, id));
}
