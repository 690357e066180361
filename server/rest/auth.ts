import type { IncomingHttpHeaders } from 'node:http';
import { isRequestRole, type RequestClaims } from '../db/requestContext.ts';
import { errorBody, HttpError } from '../http/respond.ts';
import { JwtError, verifyJwt } from '../keys.ts';

// Who a request runs as: the verified JWT of `Authorization: Bearer`, else the `apikey` (which
// is itself a JWT), as the Supabase gateway and PostgREST decide between them: see
// docs/local-stack.md#keys-and-tokens. Tokens are never logged or echoed.

function unauthorized(code: string, message: string, hint: string | null = null): HttpError {
  return new HttpError(401, errorBody(code, message, null, hint), {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
  });
}

function bearer(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1] === undefined) throw unauthorized('PGRST301', 'Invalid Authorization header');
  return match[1];
}

function verify(token: string, secret: string): Record<string, unknown> {
  try {
    return verifyJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError) throw unauthorized(error.code, error.message);
    throw error;
  }
}

export function requestClaims(
  headers: IncomingHttpHeaders,
  url: URL,
  secret: string,
): RequestClaims {
  const headerKey = headers.apikey;
  const apikey =
    (Array.isArray(headerKey) ? headerKey[0] : headerKey) ??
    url.searchParams.get('apikey') ??
    undefined;
  const token = bearer(headers);
  if (apikey === undefined) {
    // The gateway's answer (Kong), kept so that clients see the hosted message.
    throw unauthorized(
      'PGRST302',
      'No API key found in request',
      'No `apikey` request header or url param was found.',
    );
  }
  try {
    verifyJwt(apikey, secret);
  } catch {
    throw unauthorized(
      'PGRST301',
      'Invalid API key',
      'Double check your Supabase `anon` or `service_role` API key.',
    );
  }
  const claims = verify(token ?? apikey, secret);
  const role = claims.role ?? 'anon';
  // Only the API roles: a token claiming `postgres` must not become the superuser.
  if (!isRequestRole(role)) {
    throw unauthorized('PGRST303', `JWT role ${JSON.stringify(role)} is not allowed`);
  }
  return { ...claims, role };
}
