import type { Queryable } from '../db/database.ts';
import { emptyLevel, type ParsedQuery } from './ast.ts';
import { conditionSql, orderSql, Params } from './conditions.ts';
import { innerJoinConditions, projection, tableSql, type Scope } from './select.ts';
import type { SchemaCache, Table } from './schema.ts';

// GET/HEAD on a table or view: one statement for the page (built as JSON by Postgres) and,
// when a count is asked for, one for the total under the same filters.

/** Supabase's max_rows: every result is silently capped (§3.4). */
export const MAX_ROWS = 1000;

export interface Page {
  /** A JSON array, as Postgres rendered it. */
  body: string;
  /** The first row as JSON text, for singular responses. */
  first: string | null;
  rows: number;
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

const newScope = (cache: SchemaCache, query: ParsedQuery): Scope => ({
  cache,
  levels: query.levels,
  params: new Params(),
  aliases: { next: 0 },
});

/** Wraps a row source as the JSON page: `{body, first, rows}`. */
export function pageSql(columns: readonly string[], from: string): string {
  return (
    `select coalesce(json_agg(_r), '[]'::json)::text as body, (json_agg(_r)->0)::text as first, ` +
    `count(*)::int as rows from (select ${columns.join(', ')} ${from}) _r`
  );
}

export async function readPage(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  window: Window,
): Promise<Page> {
  const scope = newScope(cache, query);
  const columns = projection(scope, table, '_t', query.select, '');
  const where = rootWhere(scope, table, '_t', query);
  const level = query.levels.get('') ?? emptyLevel();
  const order = orderSql(level.order, table, '_t', scope.params);
  const from =
    `from ${tableSql(table)} as _t${where}${order} ` +
    `limit ${window.limit} offset ${window.offset}`;
  const result = await tx.query<Page>(pageSql(columns, from), scope.params.values);
  const page = result.rows[0];
  return page ?? { body: '[]', first: null, rows: 0 };
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
