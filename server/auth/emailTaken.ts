// Two requests that create or rename users to one address at the same moment: on a real Postgres
// both find the address free, and the second insert or update hits the unique index on
// auth.users(email) (23505), which would be a 500. (PGlite runs one transaction at a time, so
// there the second simply finds the first's user.) The handlers answer it as the address being
// taken, GoTrue's 422.

const EMAIL_INDEX = 'users_email_partial_key';

/** Is this the unique violation of two users with one address? */
export function isEmailTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== '23505') return false;
  return (
    constraint === EMAIL_INDEX || (typeof message === 'string' && message.includes(EMAIL_INDEX))
  );
}
