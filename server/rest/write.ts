import { quoteIdentifier as q, type Queryable } from '../db/database.ts';
import { queryWithinCost } from './costGuard.ts';
import type { ParsedQuery } from './ast.ts';
import type { Media } from './negotiate.ts';
import { pgrst } from './errors.ts';
import { newScope, pageSql, rootWhere, type Page } from './read.ts';
import { projection, tableSql } from './select.ts';
import type { SchemaCache, Table } from './schema.ts';

// POST (insert, upsert), PATCH and DELETE. Payload values reach Postgres as one JSON parameter
// read with json_populate_record(set), so each value is parsed by its column's type, exactly
// as PostgREST does. PATCH and DELETE without a filter are refused (400 21000), as the
// pg-safeupdate extension refuses them on hosted Supabase.

export interface WriteOptions {
  representation: boolean;
  resolution: 'merge' | 'ignore' | undefined;
  missingDefault?: boolean;
  /** The negotiated media type, which the representation is rendered for. */
  media: Media;
}

export interface WriteResult extends Page {
  /** Rows written; for upserts, how many of them were new. */
  inserted: number;
}

const invalidBody = (details: string) => pgrst(400, 'PGRST102', 'Empty or invalid json', details);

function checkColumns(table: Table, columns: readonly string[]): void {
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw pgrst(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table.name}' in the schema cache`,
      );
    }
  }
}

/** A column name as a SQL string literal; names come from the schema cache, never raw. */
const quoteLiteral = (name: string): string => `'${name.replaceAll("'", "''")}'`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs `statement` (whose rows are `_t`) and shapes what it returned as a JSON page. */
async function run(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  statement: string,
  params: (string | null)[],
  options: WriteOptions,
): Promise<WriteResult> {
  if (!options.representation && options.resolution === undefined) {
    const result = await tx.query(statement, params);
    return { body: '', rows: result.rowCount, inserted: result.rowCount };
  }
  const scope = newScope(cache, query);
  scope.params.values.push(...params);
  // The scope joins no embed (see Scope.joinToOne), so the projection needs no joins.
  const columns = options.representation
    ? projection(scope, table, '_t', query.select, '').columns
    : ['1 as _'];
  // xmax = 0 marks a row this statement inserted rather than updated (upsert status 201/200).
  const upsert = options.resolution !== undefined;
  const returning = upsert ? '_t.*, (_t.xmax = 0) as _inserted' : '_t.*';
  const inserted = upsert ? '(select count(*)::int from _m where _m._inserted)' : '0';
  const sql =
    `with _m as (${statement} returning ${returning}) ` +
    `select p.*, ${inserted} as inserted ` +
    `from (${pageSql(columns, 'from _m as _t', options.representation ? options.media : 'json')}) p`;
  const result = await queryWithinCost<WriteResult>(
    tx,
    options.representation ? query.select : [],
    sql,
    scope.params.values,
  );
  const row = result.rows[0] ?? { body: '[]', rows: 0, inserted: 0 };
  return options.representation ? row : { ...row, body: '' };
}

export async function insertRows(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  body: unknown,
  options: WriteOptions,
): Promise<WriteResult> {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isRecord))
    throw invalidBody('The body must be a JSON object or an array of objects');
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(table, columns);
  if (rows.length === 0) return { body: '[]', rows: 0, inserted: 0 };
  const target = `${tableSql(table)} as _t`;
  let statement: string;
  if (columns.length === 0) {
    if (rows.length > 1)
      throw invalidBody('Rows without any column can only be inserted one at a time');
    statement = `insert into ${target} default values`;
  } else if (options.missingDefault === true) {
    // Per row: the value when the key is present, else the column's DEFAULT expression (from
    // the catalog), evaluated per row so that gen_random_uuid() and now() stay per row.
    const list = columns.map((c) => q(c)).join(', ');
    const values = columns.map((c) => {
      const fallback = table.columns.get(c)?.default ?? 'null';
      return `case when _j.value ? ${quoteLiteral(c)} then _p.${q(c)} else ${fallback} end`;
    });
    // `_j.value`, never a bare `_j`, which a column of the table named `_j` would stand for.
    statement =
      `insert into ${target} (${list}) select ${values.join(', ')} ` +
      `from jsonb_array_elements($1::jsonb) as _j(value) ` +
      `cross join lateral jsonb_populate_record(null::${tableSql(table)}, _j.value) _p`;
  } else {
    const list = columns.map((c) => q(c)).join(', ');
    statement =
      `insert into ${target} (${list}) select ${list} ` +
      `from json_populate_recordset(null::${tableSql(table)}, $1::json)`;
  }
  if (options.resolution !== undefined) {
    const conflict = query.onConflict ?? table.primaryKey;
    checkColumns(table, conflict);
    if (conflict.length === 0) {
      throw pgrst(
        400,
        '42P10',
        'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      );
    }
    const target = conflict.map((c) => q(c)).join(', ');
    const updates = columns.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ');
    statement +=
      options.resolution === 'ignore' || updates === ''
        ? ` on conflict (${target}) do nothing`
        : ` on conflict (${target}) do update set ${updates}`;
  }
  const params = columns.length === 0 ? [] : [JSON.stringify(rows)];
  return run(tx, cache, table, query, statement, params, options);
}

const safeUpdate = (verb: 'UPDATE' | 'DELETE') =>
  pgrst(400, '21000', `${verb} requires a WHERE clause`, null, null);

export async function updateRows(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  body: unknown,
  options: WriteOptions,
): Promise<WriteResult> {
  if (!isRecord(body)) throw invalidBody('The body of a PATCH must be a JSON object');
  const columns = Object.keys(body);
  checkColumns(table, columns);
  // The WHERE clause is built first so that its parameters come before the payload's.
  const scope = newScope(cache, query);
  const where = rootWhere(scope, table, '_t', query);
  if (where === '') throw safeUpdate('UPDATE');
  if (columns.length === 0) return { body: '[]', rows: 0, inserted: 0 };
  const payload = scope.params.add(JSON.stringify(body));
  const sets = columns.map((c) => `${q(c)} = _b.${q(c)}`).join(', ');
  const statement =
    `update ${tableSql(table)} as _t set ${sets} ` +
    `from (select * from json_populate_record(null::${tableSql(table)}, ${payload}::json)) _b${where}`;
  return run(tx, cache, table, query, statement, scope.params.values, {
    ...options,
    resolution: undefined,
  });
}

export async function deleteRows(
  tx: Queryable,
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  options: WriteOptions,
): Promise<WriteResult> {
  const scope = newScope(cache, query);
  const where = rootWhere(scope, table, '_t', query);
  if (where === '') throw safeUpdate('DELETE');
  const statement = `delete from ${tableSql(table)} as _t${where}`;
  return run(tx, cache, table, query, statement, scope.params.values, {
    ...options,
    resolution: undefined,
  });
}
