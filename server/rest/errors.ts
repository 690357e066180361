import { errorBody, HttpError } from '../http/respond.ts';

// PostgREST's error vocabulary (https://docs.postgrest.org/en/stable/references/errors.html):
// its own PGRST codes, and the mapping of a Postgres SQLSTATE to an HTTP status. Database
// errors keep their code, message, detail and hint.

export function pgrst(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): HttpError {
  return new HttpError(status, errorBody(code, message, details, hint));
}

export const parseError = (message: string, details: string | null = null): HttpError =>
  pgrst(400, 'PGRST100', message, details);

interface PgLikeError {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPgError(error: unknown): error is PgLikeError {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code)
  );
}

/** The HTTP status PostgREST gives a SQLSTATE (mapSQLtoHTTP). */
export function statusOf(code: string, message: string, anonymous: boolean): number {
  const exact: Record<string, number> = {
    '23505': 409,
    '23503': 409,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '25006': 405,
    '57P01': 503,
    '53400': 500,
  };
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role .* does not exist/.test(message) ? 401 : 400;
  if (code === 'P0001') return 400;
  // Postgres raises this internal error (XX000, a 500 on PostgREST) for a text-search query of
  // more than 32 negations in a row (`fts`, `wfts`): the client's query, not the server, is at
  // fault, so the stack answers 400 with Postgres's code and message.
  if (code === 'XX000' && message === 'tsquery stack too small') return 400;
  const mapped = exact[code];
  if (mapped !== undefined) return mapped;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const prefixes: [string, number][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['XX', 500],
    ['P0', 500],
  ];
  for (const [prefix, status] of prefixes) if (code.startsWith(prefix)) return status;
  return 400;
}

/** Any error thrown while serving a request, as the HTTP error the client receives. */
export function toHttpError(error: unknown, anonymous: boolean): HttpError {
  if (error instanceof HttpError) return error;
  if (isPgError(error)) {
    const status = statusOf(error.code, error.message, anonymous);
    const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
    return new HttpError(
      status,
      errorBody(error.code, error.message, error.detail ?? null, error.hint ?? null),
      headers,
    );
  }
  throw error;
}
