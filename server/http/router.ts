import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log.ts';
import { errorBody, HttpError, send, sendError } from './respond.ts';

// The route table: each service owns a path prefix (`/rest/v1`, `/auth/v1`, `/storage/v1`,
// `/functions/v1`, `/mail`) and gets the request with the rest of the path.

export interface ServiceRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path after the service prefix, still percent-encoded, without the query. */
  path: string;
  url: URL;
}

export type Service = (request: ServiceRequest) => Promise<void>;

export interface Route {
  prefix: string;
  service: Service;
}

// The response headers a browser lets the clients read: PostgREST's (Content-Range,
// Preference-Applied...), and X-Supabase-Api-Version, without which auth-js ignores the `code`
// of GoTrue's `{code, message}` errors.
const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Location',
  'Content-Type',
  'Content-Profile',
  'Range-Unit',
  'Preference-Applied',
  'Proxy-Status',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
].join(', ');

const ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, accept, accept-profile, content-profile, ' +
  'prefer, range, range-unit, x-supabase-api-version, x-upsert, cache-control, x-metadata, ' +
  'x-region, x-retry-count, traceparent, tracestate, baggage';

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};

/**
 * Serves a request through the first route whose prefix matches, with CORS on every answer, and
 * logs each answered request (method, path without its query, status, duration) when given a log.
 */
export function createRouter(routes: readonly Route[], log?: Logger) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (log !== undefined) {
      const started = performance.now();
      res.once('finish', () => {
        log({
          level: res.statusCode >= 500 ? 'error' : 'info',
          msg: 'request',
          method: req.method,
          path: url.pathname,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
        });
      });
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      // PostgREST echoes the requested headers; the fixed list covers clients that do not ask.
      const requested = req.headers['access-control-request-headers'];
      send(res, 200, undefined, {
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers':
          typeof requested === 'string' && requested !== '' ? requested : ALLOWED_HEADERS,
        'access-control-max-age': '86400',
      });
      return;
    }
    const route = routes.find(
      ({ prefix }) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
    );
    try {
      if (route === undefined) {
        throw new HttpError(404, errorBody('NOT_FOUND', `No route for ${url.pathname}`));
      }
      await route.service({ req, res, url, path: url.pathname.slice(route.prefix.length) });
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (!(error instanceof HttpError)) {
        // The message only: stacks and request headers (tokens) never reach the client or the log.
        const message = error instanceof Error ? error.message : String(error);
        log?.({ level: 'error', msg: 'unexpected error', path: url.pathname, error: message });
      }
      sendError(res, error instanceof HttpError ? error : internalError(error));
    }
  };
}

function internalError(error: unknown): HttpError {
  // The message only: stacks and request headers (tokens) never reach the client or the log.
  const message = error instanceof Error ? error.message : String(error);
  return new HttpError(500, errorBody('PGRST000', 'Internal server error', message));
}
