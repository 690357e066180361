/**
 * A refused or failed request, with the backend's own message for the console, never the screen.
 * `code` is the SQLSTATE or PostgREST code when the backend gave one (42501 refused, 23505 taken,
 * PT404 not found…), so that a page can say what happened in the reader's language.
 */
export class BackendError extends Error {
  override name = 'BackendError';
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

/** Throws a BackendError when a supabase-js answer carries an error. */
export function throwIfFailed(answer: { error: { message: string; code?: string } | null }): void {
  if (answer.error) throw new BackendError(answer.error.message, answer.error.code || undefined);
}

/** The data of a supabase-js answer, or a BackendError. */
export function dataOf<T>(answer: {
  data: T | null;
  error: { message: string; code?: string } | null;
}): T {
  throwIfFailed(answer);
  if (answer.data === null) throw new BackendError('The backend answered no data.');
  return answer.data;
}
