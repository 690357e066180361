import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/jsonDepth.ts';
import { HttpError, readBody, send } from '../http/respond.ts';
import { JwtError, verifyJwt, type JwtClaims } from '../keys.ts';
import { type AuthContext, unixSeconds } from './context.ts';
import { AuthError, badRequest, versionHeaders } from './errors.ts';
import { refuseNulInBody } from './nul.ts';
import { refusalOf } from './requestBodies.ts';

// Request plumbing shared by the handlers: JSON bodies, bearer tokens, answers, links.

export const BODY_LIMIT = 1024 * 1024;

export type Body = Record<string, unknown>;

export async function readJson(req: IncomingMessage): Promise<Body> {
  let raw: Buffer;
  try {
    raw = await readBody(req, BODY_LIMIT);
  } catch (error) {
    if (error instanceof HttpError) {
      throw new AuthError(413, 'request_too_large', 'Request body too large');
    }
    throw error;
  }
  if (raw.length === 0) return {};
  let body: Body;
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('expected a JSON object');
    }
    if (nestsDeeperThan(parsed)) throw new Error(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    body = parsed as Body;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    throw badRequest('bad_json', `Could not parse request body as JSON: ${reason}`);
  }
  refuseNulInBody(body);
  return body;
}

/**
 * A value read as one of the schemas of requestBodies.ts (a JSON body, or a query parameter read
 * as the body field of its name), field after field in the schema's order; the first problem is
 * GoTrue's error for it, and nothing after it is looked at.
 */
export function bodyAs<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (result.success) return result.output;
  throw refusalOf(result.issues[0].message);
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(body), { ...versionHeaders(req), ...headers });
}

export function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1] === undefined) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  return match[1];
}

/** The verified claims of the bearer token (403 `bad_jwt` as GoTrue when it is not valid). */
export function bearerClaims(req: IncomingMessage, ctx: AuthContext): JwtClaims {
  try {
    return verifyJwt(bearerToken(req), ctx.jwtSecret, unixSeconds(ctx.now()));
  } catch (error) {
    if (error instanceof JwtError) {
      throw new AuthError(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${error.message}`,
      );
    }
    throw error;
  }
}

/** The public base URL of the auth API, for links and the `iss` claim. */
export function authBase(req: IncomingMessage, ctx: AuthContext): string {
  const origin = ctx.externalUrl ?? `http://${req.headers.host ?? '127.0.0.1'}`;
  return `${origin.replace(/\/$/, '')}/auth/v1`;
}

/** `redirect_to` when it points at the site's origin or an allowed prefix, else the site URL. */
export function redirectTarget(ctx: AuthContext, requested: string | null | undefined): string {
  if (requested === null || requested === undefined || requested === '') return ctx.siteUrl;
  try {
    const target = new URL(requested);
    if (target.origin === new URL(ctx.siteUrl).origin) return target.toString();
  } catch {
    return ctx.siteUrl;
  }
  return ctx.redirectAllowList.some((prefix) => requested.startsWith(prefix))
    ? requested
    : ctx.siteUrl;
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** What a handler gets: the request, the shared context and the per-IP limiter. */
export interface AuthRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  ctx: AuthContext;
  /** This API's public base URL (`http://host/auth/v1`). */
  base: string;
  limit: (bucket: 'token' | 'verify' | 'otp') => void;
}
