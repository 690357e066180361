import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Service } from '../http/router.ts';
import { readBody } from '../http/respond.ts';
import { verifyJwt } from '../keys.ts';

// `/functions/v1/<name>`: the local stand-in for the edge runtime's front controller.
// It answers preflights, verifies the JWT as `verify_jwt` does, then hands the handler a web
// Request and streams its Response back. Handlers are the very ones from supabase/functions/.

export type FunctionHandler = (request: Request) => Promise<Response>;

export interface FunctionsServiceOptions {
  jwtSecret: string;
  functions: Readonly<Record<string, FunctionHandler>>;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

function reply(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, {
    ...CORS_HEADERS,
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

const replyJson = (res: ServerResponse, status: number, body: unknown): void => {
  reply(res, status, JSON.stringify(body), 'application/json');
};

/** The `verify_jwt` check: undefined when the token is good, else the platform's message. */
function jwtProblem(req: IncomingMessage, secret: string): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return 'Error: Missing authorization header';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (match?.[1] === undefined) return "Auth header is not 'Bearer {token}'";
  try {
    verifyJwt(match[1], secret);
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

async function toWebRequest(
  req: IncomingMessage,
  url: URL,
  path: string,
  bodyLimit: number,
): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? new Uint8Array(await readBody(req, bodyLimit)) : undefined;
  // Hosted functions see their own path (`/<name>/...`), without the `/functions/v1` prefix.
  const target = new URL(`${path}${url.search}`, `http://${req.headers.host ?? 'localhost'}`);
  return new Request(target, { method, headers, ...(body === undefined ? {} : { body }) });
}

async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
}

function functionName(path: string): string {
  try {
    return decodeURIComponent(path.split('/')[1] ?? '');
  } catch {
    return '';
  }
}

export function functionsService(options: FunctionsServiceOptions): Service {
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  return async ({ req, res, path, url }) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { ...CORS_HEADERS, 'content-length': '2' });
      res.end('ok');
      return;
    }
    const problem = jwtProblem(req, options.jwtSecret);
    if (problem !== undefined) {
      replyJson(res, 401, { msg: problem });
      return;
    }
    const name = functionName(path);
    const handler = Object.hasOwn(options.functions, name) ? options.functions[name] : undefined;
    if (handler === undefined) {
      reply(res, 404, 'Function not found', 'text/plain;charset=UTF-8');
      return;
    }
    const request = await toWebRequest(req, url, path, bodyLimit);
    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      // The message only, never the stack: request headers (tokens) must not reach the log.
      const message = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
      console.error(`functions: ${name} failed: ${message}`);
      replyJson(res, 500, { error: 'internal_error' });
      return;
    }
    await sendWebResponse(res, response);
  };
}
