import type { Queryable } from '../db/database.ts';
import type { Headers } from '../http/respond.ts';
import { emptyLevel, type ParsedQuery } from './ast.ts';
import { pgrst } from './errors.ts';
import { needsCostCheck } from './costGuard.ts';
import { CSV, maxAffected, type Media, type Preferences, SINGULAR } from './negotiate.ts';
import { countRows, MAX_ROWS, readPage, type Page } from './read.ts';
import { callFunction } from './rpc.ts';
import type { RpcFunction, SchemaCache, Table } from './schema.ts';
import { deleteRows, insertRows, updateRows } from './write.ts';

// One REST request inside its transaction: run the statement(s), then shape the status,
// Content-Range and body as PostgREST does. Throwing rolls the transaction back.

export interface Reply {
  status: number;
  body: string | undefined;
  headers: Headers;
}

export interface Context {
  tx: Queryable;
  cache: SchemaCache;
  query: ParsedQuery;
  prefer: Preferences;
  media: Media;
  range: { offset: number; limit: number | undefined } | undefined;
  /** PostgREST's canonical query string, for Content-Location on reads. */
  canonical: string;
}

const OBJECT_TYPE = `${SINGULAR}; charset=utf-8`;
const CSV_TYPE = `${CSV}; charset=utf-8`;

/** The body for the negotiated shape; a singular request needs exactly one row (PGRST116). */
function shape(context: Context, page: Page, status: number, headers: Headers): Reply {
  if (context.media === 'csv') {
    return { status, body: page.csv ?? '\n', headers: { ...headers, 'content-type': CSV_TYPE } };
  }
  if (context.media !== 'singular') return { status, body: page.body, headers };
  if (page.rows !== 1) {
    throw pgrst(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${page.rows} rows`,
    );
  }
  return {
    status,
    body: page.first ?? 'null',
    headers: { ...headers, 'content-type': OBJECT_TYPE },
  };
}

/** `handling=strict` with `max-affected=n`: more rows is 400 PGRST124, and a rollback. */
function checkMaxAffected(context: Context, rows: number): void {
  const max = maxAffected(context.prefer);
  if (max === undefined || rows <= max) return;
  throw pgrst(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );
}

function contentRange(offset: number, rows: number, total: number | undefined): string {
  const of = total === undefined ? '*' : String(total);
  return rows === 0 ? `*/${of}` : `${offset}-${offset + rows - 1}/${of}`;
}

function readReply(
  context: Context,
  page: Page,
  offset: number,
  total: number | undefined,
  headers: Headers = {},
): Reply {
  if (total !== undefined && offset > total) {
    throw pgrst(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  const singular = context.media === 'singular';
  const status = total !== undefined && page.rows < total && !singular ? 206 : 200;
  return shape(context, page, status, {
    'content-range': contentRange(offset, page.rows, total),
    ...headers,
  });
}

/**
 * getTable sends one statement (its page) unless a count or the cost check (an EXPLAIN first)
 * adds one. A `tx=rollback` read is left out: its transaction must stay open to be rolled back.
 */
export function isOneStatementRead(query: ParsedQuery, prefer: Preferences): boolean {
  return !prefer.count && prefer.tx !== 'rollback' && !needsCostCheck(query.select);
}

export async function getTable(context: Context, table: Table): Promise<Reply> {
  const level = context.query.levels.get('') ?? emptyLevel();
  // Explicit limit/offset win over the legacy Range header; max_rows caps both.
  const offset = level.offset ?? context.range?.offset ?? 0;
  const limit = Math.min(level.limit ?? context.range?.limit ?? MAX_ROWS, MAX_ROWS);
  const page = await readPage(
    context.tx,
    context.cache,
    table,
    context.query,
    { offset, limit },
    context.media,
  );
  const total = context.prefer.count
    ? await countRows(context.tx, context.cache, table, context.query)
    : undefined;
  const location = `/${encodeURIComponent(table.name)}${context.canonical === '' ? '' : `?${context.canonical}`}`;
  return readReply(context, page, offset, total, { 'content-location': location });
}

export async function writeTable(
  context: Context,
  table: Table,
  method: 'POST' | 'PATCH' | 'DELETE',
  body: unknown,
): Promise<Reply> {
  // As in PostgREST, a resolution without a conflict target (no key, no on_conflict) is a
  // plain insert.
  const target = context.query.onConflict !== undefined || table.primaryKey.length > 0;
  const options = {
    representation: context.prefer.representation,
    resolution: target ? context.prefer.resolution : undefined,
    missingDefault: context.prefer.missingDefault,
    media: context.media,
  };
  const { tx, cache, query } = context;
  const result =
    method === 'POST'
      ? await insertRows(tx, cache, table, query, body, options)
      : method === 'PATCH'
        ? await updateRows(tx, cache, table, query, body, options)
        : await deleteRows(tx, cache, table, query, options);
  const count = context.prefer.count ? String(result.rows) : '*';
  const range =
    method === 'PATCH' && result.rows > 0 ? `0-${result.rows - 1}/${count}` : `*/${count}`;
  // Upserts answer 200 when every row merged into an existing one.
  const created =
    method === 'POST' &&
    !(options.resolution !== undefined && result.inserted === 0 && result.rows > 0);
  const headers = { 'content-range': range };
  let reply: Reply;
  if (!context.prefer.representation) {
    if (context.media === 'singular' && result.rows !== 1) shape(context, result, 200, headers);
    reply = { status: created ? 201 : 204, body: undefined, headers };
  } else reply = shape(context, result, created ? 201 : 200, headers);
  if (method !== 'POST') checkMaxAffected(context, result.rows);
  return reply;
}

/** `max-affected` counts the rows a function returns, so it needs a set-returning one. */
export function checkRpcMaxAffected(prefer: Preferences, fn: RpcFunction): void {
  if (maxAffected(prefer) === undefined || fn.returnsSet) return;
  throw pgrst(
    400,
    'PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  );
}

export async function callRpc(
  context: Context,
  fn: RpcFunction,
  args: Record<string, unknown>,
): Promise<Reply> {
  if (context.media === 'csv' && !fn.returnsSet && fn.returnType !== 'void') {
    // A scalar or a single composite has no CSV form here.
    throw pgrst(406, 'PGRST107', `None of these media types are available: ${CSV}`);
  }
  const result = await callFunction(
    context.tx,
    context.cache,
    fn,
    args,
    context.query,
    context.media,
  );
  if (result.void) return { status: 204, body: undefined, headers: {} };
  if (result.scalar) {
    return context.media === 'singular'
      ? { status: 200, body: result.body, headers: { 'content-type': OBJECT_TYPE } }
      : { status: 200, body: result.body, headers: {} };
  }
  checkMaxAffected(context, result.rows);
  const offset = context.query.levels.get('')?.offset ?? 0;
  const total = context.prefer.count ? result.rows + offset : undefined;
  return readReply(context, result, offset, total);
}
