import { BackendError } from '../../app/backendError';

/**
 * The query cache's retry rule for admin reads: three tries for what may pass next time (the
 * network, a busy server), none for a refusal (42501), which asking again does not change.
 */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  if (error instanceof BackendError && error.code === '42501') return false;
  return failures < 3;
}
