import type { Queryable } from '../db/database.ts';
import { emptyLevel, type ParsedQuery } from './ast.ts';
import type { Media } from './negotiate.ts';
import { conditionSql, orderSql, Params } from './conditions.ts';
import { needsCostCheck, queryWithinCost } from './costGuard.ts';
import { innerJoinConditions, projection, tableSql, type Scope } from './select.ts';
import type { SchemaCache, Table } from './schema.ts';

// GET/HEAD on a table or view: one statement for the page (built as JSON by Postgres) and,
// when a count is asked for, one for the total under the same filters.

/**
 * Supabase's default max_rows: a table or view read silently returns at most this many rows,
 * while a count still sees them all. Set-returning RPC results are not capped.
 */
export const MAX_ROWS = 1000;

export interface Page {
  /** A JSON array, as Postgres rendered it. */
  body: string;
  /** The first row as JSON text, when a singular response was asked for. */
  first?: string | null;
  rows: number;
  /** The rows as CSV, when asked for. */
  csv?: string | null;
}

export interface Window {
  offset: number;
  limit: number;
}

/** The WHERE clause of the root level (filters, logic trees, !inner embeds). */
export function rootWhere(scope: Scope, table: Table, alias: string, query: ParsedQuery): string {
  const level = query.levels.get('') ?? emptyLevel();
  const parts = level.conditions.map((c) => conditionSql(c, table, alias, scope.params));
  parts.push(...innerJoinConditions(scope, table, alias, query.select, ''));
  return parts.length === 0 ? '' : ` where ${parts.map((p) => `(${p})`).join(' and ')}`;
}

/** A statement's scope; `joinToOne` as `Scope` says. */
const newScope = (cache: SchemaCache, query: ParsedQuery, joinToOne = false): Scope => ({
  cache,
  levels: query.levels,
  params: new Params(),
  aliases: { next: 0 },
  joinToOne,
});

/**
 * PostgREST's CSV (asCsvF): a header line of the first row's keys (quoted only when a name
 * needs it), then one line per row, which is the row's record text without its parentheses, so
 * values are quoted and escaped exactly as Postgres writes a record, NULL is an empty field.
 */
const CSV_SQL =
  `(select coalesce(string_agg(case when _k ~ '[",\r\n]' ` +
  `then '"' || replace(_k, '"', '""') || '"' else _k end, ','), '') ` +
  `from json_object_keys(json_agg(_r.*)->0) as _k) || chr(10) || ` +
  `coalesce(string_agg(substring((_r.*)::text, 2, length((_r.*)::text) - 2), chr(10)), '')`;

/**
 * Wraps a row source as the JSON page `{body, rows}`, with `first` for a singular response and
 * `csv` for a CSV one: each costs Postgres another pass over the rendered rows (picking the
 * first row out of the array took a third of the token list's time), so only when asked for.
 * The row is `_r.*`, never a bare `_r`, which a column a client named `_r` would stand for.
 */
export function pageSql(columns: readonly string[], from: string, media: Media = 'json'): string {
  const extra =
    media === 'singular'
      ? `, (json_agg(_r.*)->0)::text as first`
      : media === 'csv'
        ? `, ${CSV_SQL} as csv`
        : '';
  return (
    `select coalesce(json_agg(_r.*), '[]'::json)::text as body, count(*)::int as rows${extra} ` +
    `from (select ${columns.join(', ')} ${from}) _r`
  );
}

export async function readPage(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  window: Window,
  media: Media,
): Promise<Page> {
  const scope = newScope(cache, query, !needsCostCheck(query.select));
  const { columns, joins } = projection(scope, table, '_t', query.select, '');
  const where = rootWhere(scope, table, '_t', query);
  const level = query.levels.get('') ?? emptyLevel();
  const order = orderSql(level.order, table, '_t', scope.params);
  const from =
    `from ${tableSql(table)} as _t${joins}${where}${order} ` +
    `limit ${window.limit} offset ${window.offset}`;
  const result = await queryWithinCost<Page>(
    tx,
    query.select,
    pageSql(columns, from, media),
    scope.params.values,
  );
  const page = result.rows[0];
  return page ?? { body: '[]', rows: 0 };
}

export async function countRows(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
): Promise<number> {
  const scope = newScope(cache, query);
  const where = rootWhere(scope, table, '_t', query);
  const result = await tx.query<{ total: number }>(
    `select count(*)::int as total from ${tableSql(table)} as _t${where}`,
    scope.params.values,
  );
  return result.rows[0]?.total ?? 0;
}

export { newScope };
