import { quoteIdentifier as q, type Queryable } from '../db/database.ts';
import { emptyLevel, type ParsedQuery } from './ast.ts';
import type { Media } from './negotiate.ts';
import { conditionSql, orderSql } from './conditions.ts';
import { pgrst } from './errors.ts';
import { newScope, pageSql, type Page } from './read.ts';
import { EXPOSED_SCHEMA, type RpcFunction, type SchemaCache } from './schema.ts';

// /rpc/<fn>: the overload whose parameter names match the arguments, called with named
// arguments read from one JSON parameter through json_to_record, so that each argument is
// parsed by its declared type (as PostgREST does). Types come from the catalog only.

export function resolveFunction(
  cache: SchemaCache,
  name: string,
  argNames: readonly string[],
): RpcFunction {
  const candidates = (cache.functions.get(name) ?? []).filter((fn) => {
    const names = fn.params.map((p) => p.name);
    const required = names.slice(0, names.length - fn.defaults);
    return argNames.every((a) => names.includes(a)) && required.every((r) => argNames.includes(r));
  });
  const [first, second] = candidates;
  if (first === undefined) {
    const signature = [...argNames].sort().join(', ');
    throw pgrst(
      404,
      'PGRST202',
      `Could not find the function ${EXPOSED_SCHEMA}.${name}(${signature}) in the schema cache`,
      `Searched for the function ${EXPOSED_SCHEMA}.${name} with parameters ${signature} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  if (second !== undefined) {
    throw pgrst(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates.length} overloads of ${EXPOSED_SCHEMA}.${name}`,
    );
  }
  return first;
}

export interface RpcResult extends Page {
  /** The function returns void: 204 without a body. */
  void: boolean;
  /** Scalars and single composites are bare JSON, not arrays. */
  scalar: boolean;
}

export async function callFunction(
  tx: Queryable,
  cache: SchemaCache,
  fn: RpcFunction,
  args: Record<string, unknown>,
  query: ParsedQuery,
  media: Media,
): Promise<RpcResult> {
  const scope = newScope(cache, query);
  const given = fn.params.filter((p) => p.name in args);
  let call = `${q(EXPOSED_SCHEMA)}.${q(fn.name)}()`;
  let from = '';
  if (given.length > 0) {
    const payload = scope.params.add(JSON.stringify(args));
    const definition = given.map((p) => `${q(p.name)} ${p.type}`).join(', ');
    call = `${q(EXPOSED_SCHEMA)}.${q(fn.name)}(${given.map((p) => `${q(p.name)} := _a.${q(p.name)}`).join(', ')})`;
    from = ` from json_to_record(${payload}::json) as _a(${definition})`;
  }
  if (fn.returnType === 'void') {
    await tx.query(`select ${call}${from}`, scope.params.values);
    return { body: '', rows: 0, void: true, scalar: true };
  }
  if (!fn.returnsSet) {
    const result = await tx.query<{ body: string }>(
      `select to_json(${call})::text as body${from}`,
      scope.params.values,
    );
    const body = result.rows[0]?.body ?? 'null';
    return { body, first: body, rows: 1, void: false, scalar: true };
  }
  // A set: filters, order and limit apply to its rows as to a table's (columns unchecked:
  // quoted names Postgres does not know fail with 42703).
  const level = query.levels.get('') ?? emptyLevel();
  const source =
    given.length > 0
      ? `${from.slice(' from '.length)} cross join lateral ${call} as _t`
      : `${call} as _t`;
  const where = level.conditions.map((c) => `(${conditionSql(c, undefined, '_t', scope.params)})`);
  const order = orderSql(level.order, undefined, '_t', scope.params);
  const limit = level.limit === undefined ? '' : ` limit ${level.limit}`;
  const offset = level.offset === undefined ? '' : ` offset ${level.offset}`;
  const columns = query.select.some((i) => i.kind !== 'star')
    ? query.select.map((item) => {
        if (item.kind !== 'column')
          throw pgrst(400, 'PGRST100', 'Only columns can be selected from a function');
        const name = item.alias ?? item.field.column;
        return `_t.${q(item.field.column)}${item.cast === undefined ? '' : `::${item.cast}`} as ${q(name)}`;
      })
    : ['_t.*'];
  const whereSql = where.length === 0 ? '' : ` where ${where.join(' and ')}`;
  const result = await tx.query<Page>(
    pageSql(columns, `from ${source}${whereSql}${order}${limit}${offset}`, media),
    scope.params.values,
  );
  const page = result.rows[0] ?? { body: '[]', rows: 0 };
  return { ...page, void: false, scalar: false };
}
