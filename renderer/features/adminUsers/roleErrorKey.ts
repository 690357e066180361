import { BackendError } from '../../app/backendError';
import { adminErrorKey } from '../admin/adminErrorKey';

/**
 * What to tell the admin when a role change failed. admin_set_role raises P0001 for one thing
 * only: an admin revoking their own admin role (so that there is always one admin left).
 */
export function roleErrorKey(
  error: unknown,
): 'adminPeople:users.errors.selfDemotion' | `admin:${ReturnType<typeof adminErrorKey>}` {
  if (error instanceof BackendError && error.code === 'P0001') {
    return 'adminPeople:users.errors.selfDemotion';
  }
  return `admin:${adminErrorKey(error)}`;
}
