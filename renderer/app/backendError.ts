/** A refused or failed request, with the backend's own message for the console, never the screen. */
export class BackendError extends Error {
  override name = 'BackendError';
}

/** Throws a BackendError when a supabase-js answer carries an error. */
export function throwIfFailed(answer: { error: { message: string } | null }): void {
  if (answer.error) throw new BackendError(answer.error.message);
}

/** The data of a supabase-js answer, or a BackendError. */
export function dataOf<T>(answer: { data: T | null; error: { message: string } | null }): T {
  throwIfFailed(answer);
  if (answer.data === null) throw new BackendError('The backend answered no data.');
  return answer.data;
}
