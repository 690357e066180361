import type { IncomingHttpHeaders } from 'node:http';
import type { Database, Queryable } from '../db/database.ts';
import { asUser, type RequestClaims } from '../db/requestContext.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/jsonDepth.ts';
import { readBody, send, sendError } from '../http/respond.ts';
import type { Service, ServiceRequest } from '../http/router.ts';
import { pgrst, toHttpError } from './errors.ts';
import {
  callRpc,
  checkRpcMaxAffected,
  getTable,
  isOneStatementRead,
  writeTable,
  type Context,
  type Reply,
} from './handlers.ts';
import {
  accept,
  appliedPreferences,
  canonicalQuery,
  checkProfile,
  checkStrict,
  OPENAPI,
  preferences,
  rangeHeader,
  type Operation,
} from './negotiate.ts';
import { openApiDocument } from './openapi.ts';
import { parseQuery } from './query.ts';
import { requestClaims } from './auth.ts';
import { resolveLevels } from './levels.ts';
import { resolveFunction } from './rpc.ts';
import { schemaCache, type RpcFunction, type SchemaCache, type Table } from './schema.ts';
import { requireTable } from './select.ts';

// The PostgREST-compatible service under /rest/v1: authenticate, parse, then one transaction
// per request as the JWT's role (asUser), with PostgREST's request GUCs and a statement timeout.

export interface RestOptions {
  db: Database;
  jwtSecret: string;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Each role's statement timeout (default STATEMENT_TIMEOUTS); tests shorten them. */
  statementTimeouts?: Readonly<Record<string, string>>;
}

// Supabase's default statement timeouts per role: 3 s for anon, 8 s for authenticated, and 8 s
// for service_role, which inherits the authenticator's
// (https://supabase.com/docs/guides/database/postgres/timeouts). PGlite does not enforce them.
export const STATEMENT_TIMEOUTS: Readonly<Record<string, string>> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '8s',
};

/** Thrown out of a `Prefer: tx=rollback` transaction to undo it while keeping the reply. */
class RollbackSignal extends Error {
  readonly reply: Reply;

  constructor(reply: Reply) {
    super('tx=rollback');
    this.reply = reply;
  }
}

/** A Host header worth echoing in the OpenAPI document (`host[:port]`), else nothing. */
function hostOf(headers: IncomingHttpHeaders): string | undefined {
  const host = headers.host;
  return host !== undefined && /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host) ? host : undefined;
}

/** A socket's address as a client's: an IPv4 address reached over IPv6 loses its `::ffff:`. */
function clientAddress(remoteAddress: string | undefined): string | undefined {
  return remoteAddress?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * The headers as PostgREST hands them to SQL (`request.headers`), cookies left out, with
 * `cf-connecting-ip` set to the socket's address. Hosted Supabase's edge (Cloudflare) sets that
 * header to the connecting client's address whatever the client sent, and the contact form's
 * per-sender limit trusts it; the stack is reached directly, so it does the same from the
 * socket and never passes on a value the client wrote. X-Forwarded-For is passed on as sent:
 * the client can write it, on hosted too.
 */
function requestHeadersJson(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
): string {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (key === 'cookie' || key === 'cf-connecting-ip' || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  const address = clientAddress(remoteAddress);
  if (address !== undefined) out['cf-connecting-ip'] = address;
  return JSON.stringify(out);
}

function decodeSegments(path: string): string[] {
  try {
    return path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw pgrst(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

async function parseJsonBody(request: ServiceRequest, limit: number): Promise<unknown> {
  const raw = (await readBody(request.req, limit)).toString('utf8');
  if (raw.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(raw) as unknown;
  } catch (error) {
    throw pgrst(
      400,
      'PGRST102',
      'Empty or invalid json',
      error instanceof Error ? error.message : null,
    );
  }
  if (nestsDeeperThan(body)) {
    throw pgrst(
      400,
      'PGRST102',
      'Empty or invalid json',
      `nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  return body;
}

async function lookup<T>(
  cache: ReturnType<typeof schemaCache>,
  find: (schema: SchemaCache) => T,
): Promise<{ schema: SchemaCache; found: T }> {
  const schema = await cache.get();
  try {
    return { schema, found: find(schema) };
  } catch {
    // A name the cache does not know may have been created since it was loaded.
    const fresh = await cache.reload();
    return { schema: fresh, found: find(fresh) };
  }
}

export function restService(options: RestOptions): Service {
  const cache = schemaCache(options.db);
  const timeouts = options.statementTimeouts ?? STATEMENT_TIMEOUTS;

  /**
   * POST: the JSON object body. GET/HEAD: the query parameters named like an argument of the
   * function (removed from params, so they are not read as filters).
   */
  async function rpcArguments(
    name: string,
    read: boolean,
    body: unknown,
    params: URLSearchParams,
  ): Promise<Record<string, unknown>> {
    if (read) {
      const functions = (await cache.get()).functions.get(name) ?? [];
      const known = new Set(functions.flatMap((f) => f.params.map((p) => p.name)));
      const args: Record<string, unknown> = {};
      for (const [key, value] of [...params]) {
        if (!known.has(key)) continue;
        args[key] = value;
        params.delete(key);
      }
      return args;
    }
    if (body === undefined) return {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw pgrst(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object');
    }
    return body as Record<string, unknown>;
  }

  return async (request) => {
    const { req, res, url } = request;
    const method = req.method ?? 'GET';
    let claims: RequestClaims | undefined;
    try {
      claims = requestClaims(req.headers, url, options.jwtSecret);
      const reply = await serve(request, method, claims);
      if (method === 'HEAD') reply.body = undefined;
      send(res, reply.status, reply.body, reply.headers);
    } catch (error) {
      sendError(res, toHttpError(error, claims === undefined || claims.role === 'anon'));
    }
  };

  /** Runs fn in the request's transaction as the claims' role, with PostgREST's request GUCs. */
  async function inTransaction(
    request: ServiceRequest,
    method: string,
    claims: RequestClaims,
    readOnly: boolean,
    rollback: boolean,
    fn: (tx: Queryable) => Promise<Reply>,
    singleStatement = false,
  ): Promise<Reply> {
    const { req, url } = request;
    try {
      return await asUser(
        options.db,
        claims,
        async (tx) => {
          const reply = await fn(tx);
          if (rollback) throw new RollbackSignal(reply);
          return reply;
        },
        {
          // `set transaction read only`, as a setting of the same statement.
          ...(readOnly ? { transaction_read_only: 'on' } : {}),
          statement_timeout: timeouts[claims.role] ?? '8s',
          'request.method': method,
          'request.path': url.pathname,
          'request.headers': requestHeadersJson(req.headers, req.socket.remoteAddress),
        },
        { singleStatement },
      );
    } catch (error) {
      if (error instanceof RollbackSignal) return error.reply;
      throw error;
    }
  }

  /** GET / (the root): the OpenAPI document of what the caller's role may use. */
  async function serveRoot(
    request: ServiceRequest,
    method: string,
    claims: RequestClaims,
  ): Promise<Reply> {
    if (method !== 'GET' && method !== 'HEAD') {
      throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    accept(request.req.headers, ['openapi']);
    const schema = await cache.get();
    const basePath = request.url.pathname.slice(0, -request.path.length || undefined);
    return inTransaction(request, method, claims, true, false, async (tx) => ({
      status: 200,
      body: await openApiDocument(tx, schema, {
        basePath: basePath === '' ? '/' : basePath,
        host: hostOf(request.req.headers),
      }),
      headers: { 'content-type': `${OPENAPI}; charset=utf-8` },
    }));
  }

  async function serve(
    request: ServiceRequest,
    method: string,
    claims: RequestClaims,
  ): Promise<Reply> {
    const { req, url } = request;
    const segments = decodeSegments(request.path);
    const read = method === 'GET' || method === 'HEAD';
    checkProfile(req.headers, read);
    if (segments.length === 0) return serveRoot(request, method, claims);
    const media = accept(req.headers, ['json', 'singular', 'csv']);
    const isRpc = segments.length === 2 && segments[0] === 'rpc';
    if (segments.length !== 1 && !isRpc)
      throw pgrst(404, 'PGRST125', 'Invalid path specified in request URL');
    const name = segments.at(-1) ?? '';
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    if (isRpc && !['GET', 'HEAD', 'POST'].includes(method)) {
      throw pgrst(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    const prefer = preferences(req.headers);
    checkStrict(prefer);
    const received =
      read || method === 'DELETE' ? undefined : await parseJsonBody(request, options.bodyLimit);
    // An empty POST inserts one row of defaults, as `insert({})` does.
    const body = received === undefined && method === 'POST' && !isRpc ? {} : received;

    let table: Table | undefined;
    let schema: SchemaCache;
    const params = new URLSearchParams(url.searchParams);
    const args = isRpc ? await rpcArguments(name, read, body, params) : {};
    const query = parseQuery(params);
    if (query.plain.size > 0) {
      const [key, value] = [...query.plain][0] ?? ['', ''];
      throw pgrst(
        400,
        'PGRST100',
        `"failed to parse filter (${value})" (line 1, column 1)`,
        `unexpected "${value}" for parameter ${key}`,
      );
    }
    resolveLevels(query.levels, query.select);
    let fnFound: RpcFunction | undefined;
    if (isRpc) {
      const found = await lookup(cache, (s) => resolveFunction(s, name, Object.keys(args)));
      schema = found.schema;
      fnFound = found.found;
      checkRpcMaxAffected(prefer, fnFound);
    } else {
      const found = await lookup(cache, (s) => requireTable(s, name));
      schema = found.schema;
      table = found.found;
    }
    const range = method === 'GET' ? rangeHeader(req.headers) : undefined;
    const readOnly = read || (fnFound !== undefined && !fnFound.volatile);
    const canonical = canonicalQuery(url.searchParams);
    const operation: Operation = isRpc
      ? 'rpc'
      : read
        ? 'read'
        : method === 'POST'
          ? 'insert'
          : method === 'PATCH'
            ? 'update'
            : 'delete';
    const conflictTarget =
      query.onConflict !== undefined || (table !== undefined && table.primaryKey.length > 0);

    const reply = await inTransaction(
      request,
      method,
      claims,
      readOnly,
      prefer.tx === 'rollback',
      async (tx) => {
        const context: Context = { tx, cache: schema, query, prefer, media, range, canonical };
        if (fnFound !== undefined) return callRpc(context, fnFound, args);
        if (table === undefined) throw pgrst(404, 'PGRST205', 'Table not found');
        if (read) return getTable(context, table);
        return writeTable(context, table, method as 'POST' | 'PATCH' | 'DELETE', body);
      },
      // Sent without begin and commit, the settings and the page reach Postgres together.
      operation === 'read' && isOneStatementRead(query, prefer),
    );
    const applied = appliedPreferences(prefer, operation, conflictTarget);
    if (applied !== undefined) reply.headers['preference-applied'] = applied;
    return reply;
  }
}
