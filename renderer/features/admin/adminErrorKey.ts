import { BackendError } from '../../app/backendError';

/** The `admin:errors.*` message that says what went wrong with an admin request. */
export function adminErrorKey(
  error: unknown,
):
  'errors.forbidden' | 'errors.conflict' | 'errors.notFound' | 'errors.network' | 'errors.generic' {
  if (!(error instanceof BackendError)) return 'errors.network';
  switch (error.code) {
    case '42501':
    case 'PGRST301':
      return 'errors.forbidden';
    case '23505':
      return 'errors.conflict';
    // PT404 is what the admin functions raise for a row that is gone (404 on PostgREST); P0002
    // what they raised before migration 20261128000002, and what the messages page says itself.
    case 'PT404':
    case 'P0002':
    case 'PGRST116':
      return 'errors.notFound';
    case undefined:
    case '':
      return 'errors.network';
    default:
      return 'errors.generic';
  }
}
