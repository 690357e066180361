import type { Database } from '../db/database.ts';

// The schema cache: tables, columns, keys and functions of the exposed schema, read from the
// catalogs by the owner. Requests validate names against it before any SQL is generated, so an
// unknown name is a clean 404/400 and never reaches the database as text.

export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  /** format_type() output: from the catalog, never from a request. */
  type: string;
  /** The column's DEFAULT expression (pg_get_expr), from the catalog; for `missing=default`. */
  default?: string | null;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface ForeignKey {
  constraint: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface RpcFunction {
  /** pg_proc oid as text: which overload, for privilege checks (the OpenAPI root). */
  oid: string;
  name: string;
  /** Input parameters in order, with their catalog types. */
  params: Column[];
  /** How many trailing input parameters have defaults. */
  defaults: number;
  returnsSet: boolean;
  returnType: string;
  /** 'c' composite, 'b' base, 'p' pseudo (void, record)... */
  returnKind: string;
  volatile: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, RpcFunction[]>;
}

export async function loadSchema(db: Database): Promise<SchemaCache> {
  const columns = await db.query<{
    table: string;
    name: string;
    type: string;
    default: string | null;
  }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            pg_get_expr(d.adbin, d.adrelid) as default
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname, a.attnum`,
    [EXPOSED_SCHEMA],
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table);
    if (table === undefined) {
      table = { name: row.table, columns: new Map(), primaryKey: [] };
      tables.set(row.table, table);
    }
    table.columns.set(row.name, { name: row.name, type: row.type, default: row.default });
  }
  const keys = await db.query<{
    kind: string;
    constraint: string;
    table: string;
    columns: string[];
    foreign_table: string | null;
    foreign_columns: string[] | null;
  }>(
    `select con.contype::text as kind, con.conname::text as constraint, cl.relname::text as table,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num
                   order by k.i) as columns,
            fcl.relname::text as foreign_table,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num
                   order by k.i) as foreign_columns
       from pg_constraint con
       join pg_class cl on cl.oid = con.conrelid
       join pg_namespace n on n.oid = cl.relnamespace
       left join pg_class fcl on fcl.oid = con.confrelid
       left join pg_namespace fn on fn.oid = fcl.relnamespace
      where n.nspname = $1 and (con.contype = 'p' or (con.contype = 'f' and fn.nspname = $1))`,
    [EXPOSED_SCHEMA],
  );
  const foreignKeys: ForeignKey[] = [];
  for (const key of keys.rows) {
    if (key.kind === 'p') {
      const table = tables.get(key.table);
      if (table !== undefined) table.primaryKey = key.columns;
    } else if (key.foreign_table !== null && key.foreign_columns !== null) {
      foreignKeys.push({
        constraint: key.constraint,
        table: key.table,
        columns: key.columns,
        foreignTable: key.foreign_table,
        foreignColumns: key.foreign_columns,
      });
    }
  }
  return { tables, foreignKeys, functions: await loadFunctions(db) };
}

async function loadFunctions(db: Database): Promise<Map<string, RpcFunction[]>> {
  const result = await db.query<{
    oid: string;
    name: string;
    arg_names: string[] | null;
    arg_modes: string[] | null;
    arg_types: string[];
    defaults: number;
    returns_set: boolean;
    return_type: string;
    return_kind: string;
    volatility: string;
  }>(
    `select p.oid::text as oid, p.proname::text as name, p.proargnames::text[] as arg_names,
            p.proargmodes::text[] as arg_modes,
            array(select format_type(t.oid, null) from unnest(p.proargtypes::oid[])
                    with ordinality x(oid, i) join pg_type t on t.oid = x.oid order by x.i) as arg_types,
            p.pronargdefaults::int as defaults, p.proretset as returns_set,
            format_type(p.prorettype, null) as return_type, rt.typtype::text as return_kind,
            p.provolatile::text as volatility
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'`,
    [EXPOSED_SCHEMA],
  );
  const functions = new Map<string, RpcFunction[]>();
  for (const row of result.rows) {
    // proargnames lists every argument (OUT ones too); proargtypes only the input ones.
    const names = row.arg_names ?? [];
    const inputNames =
      row.arg_modes === null
        ? names
        : names.filter((_, i) => ['i', 'b', 'v'].includes(row.arg_modes?.[i] ?? 'i'));
    const params = row.arg_types.map((type, i) => ({ name: inputNames[i] ?? '', type }));
    const fn: RpcFunction = {
      oid: row.oid,
      name: row.name,
      params,
      defaults: row.defaults,
      returnsSet: row.returns_set,
      returnType: row.return_type,
      returnKind: row.return_kind,
      volatile: row.volatility === 'v',
    };
    functions.set(row.name, [...(functions.get(row.name) ?? []), fn]);
  }
  return functions;
}

/** Requests for unknown names may not reload the catalogs more often than this. */
const RELOAD_INTERVAL_MS = 1000;

/**
 * The cache, loaded on first use and reloaded when a request names something it does not know
 * (a migration may have added it since), at most once per RELOAD_INTERVAL_MS so that a client
 * asking for missing tables in a loop cannot keep the database busy reading catalogs.
 */
export function schemaCache(db: Database) {
  let current: Promise<SchemaCache> | undefined;
  let loadedAt = 0;
  return {
    get(): Promise<SchemaCache> {
      if (current === undefined) loadedAt = Date.now();
      current ??= loadSchema(db).catch((error: unknown) => {
        current = undefined;
        throw error;
      });
      return current;
    },
    async reload(): Promise<SchemaCache> {
      if (Date.now() - loadedAt >= RELOAD_INTERVAL_MS) current = undefined;
      return this.get();
    },
  };
}
export type SchemaCacheHandle = ReturnType<typeof schemaCache>;
