/** A refused or failed read, with the backend's own message for the console, never the screen. */
export class BackendReadError extends Error {
  override name = 'BackendReadError';
}

/** The data of a supabase-js answer, or a BackendReadError. */
export function dataOf<T>(answer: { data: T | null; error: { message: string } | null }): T {
  if (answer.error) throw new BackendReadError(answer.error.message);
  if (answer.data === null) throw new BackendReadError('The backend answered no data.');
  return answer.data;
}
