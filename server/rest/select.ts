import { quoteIdentifier as q } from '../db/database.ts';
import { emptyLevel, type EmbedItem, type Level, type SelectItem } from './ast.ts';
import { conditionSql, fieldSql, orderSql, Params } from './conditions.ts';
import { pgrst } from './errors.ts';
import { EXPOSED_SCHEMA, type ForeignKey, type SchemaCache, type Table } from './schema.ts';

// The select list as SQL. Embeds are correlated subqueries (to-one embeds lateral joins in the
// reads the cost guard skips) run under the request's role, so the embedded table's RLS
// policies apply as they do in PostgREST; JSON comes from Postgres (row_to_json/json_agg), never
// from the driver, so numbers, big integers and timestamps come out exactly as Postgres writes
// them.

export function requireTable(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (table === undefined) {
    throw pgrst(
      404,
      'PGRST205',
      `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    );
  }
  return table;
}

export const tableSql = (table: Table): string => `${q(EXPOSED_SCHEMA)}.${q(table.name)}`;

export interface Scope {
  cache: SchemaCache;
  levels: Map<string, Level>;
  params: Params;
  aliases: { next: number };
  /**
   * To-one embeds as lateral joins: only in a read the cost guard does not plan first
   * (costGuard.ts). Postgres's estimate of a join does not multiply with the rows of the embeds
   * nested in it as a subquery's does, so a hostile nesting would pass the guard as joins. Not
   * in a write's returned rows either: a hash join there answers them in another order than
   * they were written.
   */
  joinToOne: boolean;
}

interface Relationship {
  foreignKey: ForeignKey;
  /** The parent holds the foreign key (many-to-one), else the child does. */
  parentHoldsKey: boolean;
  /** Many-to-one or one-to-one (the child's key is its primary key): an object or null. */
  toOne: boolean;
}

const sameColumns = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((column) => b.includes(column));

function relationship(cache: SchemaCache, parent: Table, embed: EmbedItem): Relationship {
  const matches = (fk: ForeignKey): boolean =>
    embed.hint === undefined || fk.constraint === embed.hint || fk.columns.includes(embed.hint);
  const candidates: Relationship[] = [
    ...cache.foreignKeys
      .filter((fk) => fk.table === parent.name && fk.foreignTable === embed.relation)
      .filter(matches)
      .map((foreignKey) => ({ foreignKey, parentHoldsKey: true, toOne: true })),
    ...cache.foreignKeys
      .filter((fk) => fk.table === embed.relation && fk.foreignTable === parent.name)
      .filter(matches)
      .map((foreignKey) => ({
        foreignKey,
        parentHoldsKey: false,
        toOne: sameColumns(foreignKey.columns, cache.tables.get(embed.relation)?.primaryKey ?? []),
      })),
  ];
  const [first, second] = candidates;
  if (first === undefined) {
    throw pgrst(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.relation}' in the schema cache`,
      null,
      'Perhaps you meant a table that has a foreign key to this one.',
    );
  }
  if (second !== undefined) {
    throw pgrst(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.relation}'`,
      candidates.map((c) => c.foreignKey.constraint).join(', '),
      `Try changing '${embed.relation}' to one of the constraint names with '!'`,
    );
  }
  return first;
}

function joinSql(rel: Relationship, parentAlias: string, childAlias: string): string {
  const { foreignKey: fk, parentHoldsKey } = rel;
  return fk.columns
    .map((column, i) => {
      const other = fk.foreignColumns[i] ?? column;
      return parentHoldsKey
        ? `${childAlias}.${q(other)} = ${parentAlias}.${q(column)}`
        : `${childAlias}.${q(column)} = ${parentAlias}.${q(other)}`;
    })
    .join(' and ');
}

const embedName = (embed: EmbedItem): string => embed.alias ?? embed.relation;
const childPath = (path: string, name: string): string => (path === '' ? name : `${path}.${name}`);

/** The WHERE clause of the rows of one embed, correlated with the parent alias. */
function embedWhere(
  scope: Scope,
  rel: Relationship,
  child: Table,
  childAlias: string,
  parentAlias: string,
  path: string,
): { sql: string; level: Level } {
  const level = scope.levels.get(path) ?? emptyLevel();
  const parts = [joinSql(rel, parentAlias, childAlias)];
  for (const condition of level.conditions) {
    parts.push(conditionSql(condition, child, childAlias, scope.params));
  }
  // Each part in brackets: an `or` tree is `(a) or (b)`, which must not take the join with it.
  return { sql: parts.map((part) => `(${part})`).join(' and '), level };
}

/**
 * Embeds in a select list whose rows must exist for the parent to be kept (`!inner`, or a
 * `not.is.null` / `is.null` filter on the embed). A row counts only if its own embeds of that
 * kind hold too, so `a!inner(b!inner(…))` with no matching b drops the parent.
 */
export function innerJoinConditions(
  scope: Scope,
  table: Table,
  alias: string,
  items: readonly SelectItem[],
  path: string,
): string[] {
  const conditions: string[] = [];
  const level = scope.levels.get(path) ?? emptyLevel();
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const name = embedName(item);
    const existence = level.existence.find((e) => e.relation === name);
    if (!item.inner && existence === undefined) continue;
    const child = requireTable(scope.cache, item.relation);
    const rel = relationship(scope.cache, table, item);
    const childAlias = `_e${scope.aliases.next++}`;
    const nested = childPath(path, name);
    const where = embedWhere(scope, rel, child, childAlias, alias, nested);
    const deeper = innerJoinConditions(scope, child, childAlias, item.select, nested);
    const exists =
      `exists (select 1 from ${tableSql(child)} as ${childAlias} ` +
      `where ${[where.sql, ...deeper].join(' and ')})`;
    conditions.push(existence?.present === false ? `not ${exists}` : exists);
  }
  return conditions;
}

/** A select list over one row source, as SQL. */
export interface Projection {
  /** `expr as "name"` entries. */
  columns: string[];
  /**
   * What goes after the row source in its FROM: a `left join lateral … on true` for each
   * to-one embed when the scope joins them (empty, or starting with a space). As a join rather
   * than a subquery per row, Postgres can hash it (the token list with its market rows: about
   * 15 % less of Postgres's time).
   */
  joins: string;
}

/** The select list over `alias` (a row of table). */
export function projection(
  scope: Scope,
  table: Table,
  alias: string,
  items: readonly SelectItem[],
  path: string,
): Projection {
  const columns: string[] = [];
  let joins = '';
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of table.columns.keys()) columns.push(`${alias}.${q(column)}`);
    } else if (item.kind === 'column') {
      const expr = fieldSql(item.field, table, alias, scope.params);
      const cast = item.cast === undefined ? '' : `::${item.cast}`;
      const name = item.alias ?? item.field.path.at(-1)?.key ?? item.field.column;
      columns.push(`${expr}${cast} as ${q(name)}`);
    } else if (item.select.length > 0) {
      const embed = embedSql(scope, table, alias, item, path);
      columns.push(`${embed.value} as ${q(embedName(item))}`);
      joins += embed.join;
    }
  }
  return { columns, joins };
}

/**
 * One embed: its value (an object or null for a to-one embed, an array for a to-many one) and,
 * for a to-one embed when the scope joins them, the lateral join that value is read from. A
 * to-one embed has at most one row per parent (the key it joins on is the child's primary key
 * or the key a foreign key references), so the join never repeats a parent row. (Not so for a
 * table other tables inherit from, whose key holds in each table alone: the schema has none.)
 */
function embedSql(
  scope: Scope,
  parent: Table,
  parentAlias: string,
  embed: EmbedItem,
  path: string,
): { value: string; join: string } {
  const child = requireTable(scope.cache, embed.relation);
  const rel = relationship(scope.cache, parent, embed);
  const childAlias = `_e${scope.aliases.next++}`;
  const rowAlias = `_j${scope.aliases.next++}`;
  const nested = childPath(path, embedName(embed));
  const { columns, joins } = projection(scope, child, childAlias, embed.select, nested);
  const where = embedWhere(scope, rel, child, childAlias, parentAlias, nested);
  const inner = innerJoinConditions(scope, child, childAlias, embed.select, nested);
  const whereSql = [where.sql, ...inner].join(' and ');
  const from = `from ${tableSql(child)} as ${childAlias}${joins} where ${whereSql}`;
  // `alias.*` for the row: a bare alias would mean a column a client gave the same name.
  if (rel.toOne) {
    const object =
      `select row_to_json(${rowAlias}.*) as "row" ` +
      `from (select ${columns.join(', ')} ${from}) ${rowAlias}`;
    if (!scope.joinToOne) return { value: `(${object})`, join: '' };
    const joinAlias = `_l${scope.aliases.next++}`;
    return {
      value: `${joinAlias}."row"`,
      join: ` left join lateral (${object}) ${joinAlias} on true`,
    };
  }
  const order = orderSql(where.level.order, child, childAlias, scope.params);
  const limit = where.level.limit === undefined ? '' : ` limit ${where.level.limit}`;
  const offset = where.level.offset === undefined ? '' : ` offset ${where.level.offset}`;
  return {
    value:
      `(select coalesce(json_agg(${rowAlias}.*), '[]'::json) from ` +
      `(select ${columns.join(', ')} ${from}${order}${limit}${offset}) ${rowAlias})`,
    join: '',
  };
}
