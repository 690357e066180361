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
