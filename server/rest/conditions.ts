import { quoteIdentifier as q } from '../db/database.ts';
import { MAX_JSON_DEPTH, textNestsDeeperThan } from '../http/jsonDepth.ts';
import type { Condition, Field, Filter, Order } from './ast.ts';
import { parseError, pgrst } from './errors.ts';
import { checkRegexFilter } from './regexGuard.ts';
import type { Table } from './schema.ts';

// Filters, logic trees and ordering as SQL: identifiers quoted and checked against the table,
// every value a bound parameter ($n) that Postgres parses with the column's own type.

export class Params {
  readonly values: (string | null)[] = [];
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function unknownColumn(table: string, column: string) {
  return pgrst(400, '42703', `column ${table}.${column} does not exist`);
}

/** `alias."col"->'a'->>'b'` for a field of a known table. */
export function fieldSql(
  field: Field,
  table: Table | undefined,
  alias: string,
  params: Params,
): string {
  if (table !== undefined && !table.columns.has(field.column)) {
    throw unknownColumn(table.name, field.column);
  }
  let sql = `${alias}.${q(field.column)}`;
  for (const step of field.path) {
    const key = /^-?\d{1,9}$/.test(step.key) ? step.key : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

const comparison: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const tsFunctions: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** A Postgres array literal of the items, each quoted, for `= any($n)`. */
export function arrayLiteral(items: readonly string[]): string {
  const quoted = items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return `{${quoted.join(',')}}`;
}

function filterSql(
  filter: Filter,
  table: Table | undefined,
  alias: string,
  params: Params,
): string {
  const column = fieldSql(filter.field, table, alias, params);
  const value = filter.value;
  // Postgres parses a JSON or array value with its stack, which a deep one overflows
  // (see jsonDepth.ts).
  if ((typeof value === 'string' ? [value] : value).some((item) => textNestsDeeperThan(item))) {
    throw parseError('"failed to parse filter"', `nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let sql: string;
  if (filter.op === 'in') {
    sql = `${column} = any(${params.add(arrayLiteral(value as string[]))})`;
  } else if (typeof value !== 'string') {
    throw parseError('"failed to parse filter"');
  } else if (filter.op === 'is') {
    const keyword = {
      null: 'null',
      not_null: 'not null',
      true: 'true',
      false: 'false',
      unknown: 'unknown',
    }[value.toLowerCase()];
    if (keyword === undefined) throw parseError(`"failed to parse filter (is.${value})"`);
    sql = `${column} is ${keyword}`;
  } else if (filter.op === 'isdistinct') {
    sql = `${column} is distinct from ${params.add(value)}`;
  } else if (filter.op in tsFunctions) {
    const config =
      filter.modifier === undefined ? '' : `${params.add(filter.modifier)}::regconfig, `;
    sql = `${column} @@ ${tsFunctions[filter.op] ?? ''}(${config}${params.add(value)})`;
  } else {
    const operator = comparison[filter.op] ?? '=';
    if (filter.op === 'match' || filter.op === 'imatch') checkRegexFilter(value, filter.modifier);
    // PostgREST accepts `*` as the LIKE wildcard because `%` is awkward in URLs.
    const text = filter.op === 'like' || filter.op === 'ilike' ? value.replaceAll('*', '%') : value;
    if (filter.modifier === 'any' || filter.modifier === 'all') {
      sql = `${column} ${operator} ${filter.modifier}(${params.add(text)})`;
    } else if (filter.modifier !== undefined) {
      throw parseError(`"failed to parse filter (${filter.op}(${filter.modifier}))"`);
    } else {
      sql = `${column} ${operator} ${params.add(text)}`;
    }
  }
  return filter.negate ? `not (${sql})` : sql;
}

export function conditionSql(
  condition: Condition,
  table: Table | undefined,
  alias: string,
  params: Params,
): string {
  if (condition.kind === 'filter') return filterSql(condition, table, alias, params);
  const parts = condition.children.map((child) => `(${conditionSql(child, table, alias, params)})`);
  const joined = parts.join(condition.op === 'and' ? ' and ' : ' or ');
  return condition.negate ? `not (${joined})` : joined;
}

export function orderSql(
  order: readonly Order[],
  table: Table | undefined,
  alias: string,
  params: Params,
): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    const nulls = term.nulls === undefined ? '' : ` nulls ${term.nulls}`;
    return `${fieldSql(term.field, table, alias, params)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}
