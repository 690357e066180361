import { useBackendQuery } from '../../app/useBackendQuery';
import { fetchProfileDetails } from './api';

export const profileKey = (userId: string) => ['profile', userId] as const;

/** The signed-in user's profile row, role and favorite count, cached like every read. */
export function useProfileDetails(userId: string) {
  return useBackendQuery(profileKey(userId), (client) => fetchProfileDetails(client, userId));
}
