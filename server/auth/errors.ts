import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../http/respond.ts';

// GoTrue's error bodies: with `X-Supabase-Api-Version: 2024-01-01` (auth-js always sends
// it) `{code, message}` and the header echoed; without it the legacy `{code: status, error_code,
// msg}` plus `x-sb-error-code`. auth-js reads `body.code` only when the header comes back.

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra body fields, such as `weak_password: {reasons}`. */
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The 400 OAuth-shaped error GoTrue uses for a missing refresh token. */
export class OAuthError extends Error {
  readonly error: string;
  readonly description: string;

  constructor(error: string, description: string) {
    super(description);
    this.error = error;
    this.description = description;
  }
}

export const badRequest = (code: string, message: string): AuthError =>
  new AuthError(400, code, message);

export const validationFailed = (message: string): AuthError =>
  new AuthError(400, 'validation_failed', message);

/** The API version the request asked for, when it is one GoTrue knows (dated, >= 2024-01-01). */
export function requestedApiVersion(req: IncomingMessage): string | undefined {
  const value = req.headers[API_VERSION_HEADER];
  const version = Array.isArray(value) ? value[0] : value;
  if (version === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(version)) return undefined;
  return version >= API_VERSION_2024 ? version : undefined;
}

/** Headers every auth answer carries: the API version echo, when the client sent one. */
export function versionHeaders(req: IncomingMessage): Record<string, string> {
  const version = requestedApiVersion(req);
  return version === undefined ? {} : { [API_VERSION_HEADER]: version };
}

export function sendAuthError(
  req: IncomingMessage,
  res: ServerResponse,
  error: AuthError | OAuthError,
): void {
  const headers = versionHeaders(req);
  if (error instanceof OAuthError) {
    send(
      res,
      400,
      JSON.stringify({ error: error.error, error_description: error.description }),
      headers,
    );
    return;
  }
  const body =
    requestedApiVersion(req) === undefined
      ? { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
      : { code: error.code, message: error.message, ...error.extra };
  send(res, error.status, JSON.stringify(body), {
    ...headers,
    'x-sb-error-code': error.code,
  });
}
