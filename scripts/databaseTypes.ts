import type { Queryable } from '../server/db/database.ts';

// Writes the `Database` type of the public schema in the shape `supabase gen types typescript`
// produces (Tables with Row/Insert/Update/Relationships, Views, Functions, Enums), read from the
// catalogue of a database the migrations were applied to. supabase-js uses it to type every
// `from()`, `select()` and `rpc()` of the renderer.

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

interface RelationRow {
  name: string;
  kind: 'r' | 'v' | 'm' | 'p';
}

interface ForeignKeyRow {
  table_name: string;
  constraint_name: string;
  columns: string[];
  referenced_table: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  defaults: number;
  returns_set: boolean;
  return_type: string;
}

interface EnumRow {
  name: string;
  labels: string[];
}

const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'inet',
  'cidr',
  'citext',
  'bytea',
  'name',
]);
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** The TypeScript type of a Postgres type named as `udt_name` spells it (`_text` is text[]). */
function tsType(udtName: string, enums: ReadonlySet<string>): string {
  if (udtName.startsWith('_')) return `${tsType(udtName.slice(1), enums)}[]`;
  if (STRING_TYPES.has(udtName)) return 'string';
  if (NUMBER_TYPES.has(udtName)) return 'number';
  if (udtName === 'bool') return 'boolean';
  if (udtName === 'json' || udtName === 'jsonb') return 'Json';
  if (udtName === 'void') return 'undefined';
  if (enums.has(udtName)) return `Database['public']['Enums']['${udtName}']`;
  return 'unknown';
}

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

function objectType(fields: readonly string[], indent: string): string {
  if (fields.length === 0) return '{ [_ in never]: never }';
  return `{\n${fields.map((field) => `${indent}  ${field};`).join('\n')}\n${indent}}`;
}

async function readCatalogue(db: Queryable) {
  const relations = await db.query<RelationRow>(
    `select c.relname as name, c.relkind as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
      order by c.relname`,
  );
  const columns = await db.query<ColumnRow>(
    `select table_name, column_name, data_type, udt_name, is_nullable, column_default,
            is_identity, is_generated
       from information_schema.columns
      where table_schema = 'public'
      order by table_name, column_name`,
  );
  // Only links between public tables: supabase-js embeds through these, never into auth.
  const foreignKeys = await db.query<ForeignKeyRow>(
    `select src.relname as table_name, con.conname as constraint_name,
            array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n
                   order by k.i)::text[] as columns,
            dst.relname as referenced_table,
            array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n
                   order by k.i)::text[] as referenced_columns,
            exists (select 1 from pg_constraint u
                     where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                       and (select array_agg(x order by x) from unnest(u.conkey) x)
                         = (select array_agg(x order by x) from unnest(con.conkey) x))
              as one_to_one
       from pg_constraint con
       join pg_class src on src.oid = con.conrelid
       join pg_namespace srcn on srcn.oid = src.relnamespace
       join pg_class dst on dst.oid = con.confrelid
       join pg_namespace dstn on dstn.oid = dst.relnamespace
      where con.contype = 'f' and srcn.nspname = 'public' and dstn.nspname = 'public'
      order by src.relname, con.conname`,
  );
  const functions = await db.query<FunctionRow>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select t.typname from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                    with ordinality a(oid, i) join pg_type t on t.oid = a.oid
                   order by a.i)::text[] as arg_types,
            p.pronargdefaults as defaults, p.proretset as returns_set,
            rt.typname as return_type
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
      where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
      order by p.proname`,
  );
  const enums = await db.query<EnumRow>(
    `select t.typname as name,
            array(select e.enumlabel from pg_enum e where e.enumtypid = t.oid
                   order by e.enumsortorder)::text[] as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype = 'e'
      order by t.typname`,
  );
  return {
    relations: relations.rows,
    columns: columns.rows,
    foreignKeys: foreignKeys.rows,
    functions: functions.rows,
    enums: enums.rows,
  };
}

/** The source of `database.types.ts` for the database's public schema. */
export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  const catalogue = await readCatalogue(db);
  const enumNames = new Set(catalogue.enums.map((row) => row.name));
  const type = (udt: string) => tsType(udt, enumNames);
  const columnsOf = (table: string) => catalogue.columns.filter((c) => c.table_name === table);

  const tableType = (relation: RelationRow, indent: string): string => {
    const columns = columnsOf(relation.name);
    const row = columns.map(
      (c) =>
        `${key(c.column_name)}: ${type(c.udt_name)}${c.is_nullable === 'YES' ? ' | null' : ''}`,
    );
    const writable = columns.filter((c) => c.is_generated === 'NEVER');
    const insert = writable.map((c) => {
      const optional =
        c.is_nullable === 'YES' || c.column_default !== null || c.is_identity === 'YES';
      const nullable = c.is_nullable === 'YES' ? ' | null' : '';
      return `${key(c.column_name)}${optional ? '?' : ''}: ${type(c.udt_name)}${nullable}`;
    });
    const update = writable.map(
      (c) =>
        `${key(c.column_name)}?: ${type(c.udt_name)}${c.is_nullable === 'YES' ? ' | null' : ''}`,
    );
    const relationships = catalogue.foreignKeys
      .filter((fk) => fk.table_name === relation.name)
      .map(
        (fk) =>
          `{ foreignKeyName: '${fk.constraint_name}'; columns: [${fk.columns.map((c) => `'${c}'`).join(', ')}]; ` +
          `isOneToOne: ${String(fk.one_to_one)}; referencedRelation: '${fk.referenced_table}'; ` +
          `referencedColumns: [${fk.referenced_columns.map((c) => `'${c}'`).join(', ')}] }`,
      );
    const inner = `${indent}  `;
    const parts = [`Row: ${objectType(row, inner)}`];
    if (relation.kind === 'r' || relation.kind === 'p') {
      parts.push(`Insert: ${objectType(insert, inner)}`, `Update: ${objectType(update, inner)}`);
    }
    parts.push(`Relationships: [${relationships.join(', ')}]`);
    return objectType(parts, indent);
  };

  const functionType = (fn: FunctionRow, indent: string): string => {
    const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
    const names = fn.arg_names ?? [];
    const inputs: string[] = [];
    const outputs: string[] = [];
    modes.forEach((mode, index) => {
      const name = names[index] ?? `arg${index}`;
      const argType = type(fn.arg_types[index] ?? 'unknown');
      if (mode === 'i' || mode === 'b') inputs.push(`${key(name)}: ${argType}`);
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(`${key(name)}: ${argType}`);
    });
    // Arguments with a default are the last ones: they may be left out.
    const args = inputs.map((arg, index) =>
      index >= inputs.length - fn.defaults ? arg.replace(':', '?:') : arg,
    );
    const inner = `${indent}  `;
    const row = outputs.length > 0 ? objectType(outputs, inner) : type(fn.return_type);
    const returns = fn.returns_set ? `${row}[]` : row;
    return objectType([`Args: ${objectType(args, inner)}`, `Returns: ${returns}`], indent);
  };

  const level = '      ';
  const tables = catalogue.relations
    .filter((relation) => relation.kind === 'r' || relation.kind === 'p')
    .map((relation) => `${key(relation.name)}: ${tableType(relation, level)}`);
  const views = catalogue.relations
    .filter((relation) => relation.kind === 'v' || relation.kind === 'm')
    .map((relation) => `${key(relation.name)}: ${tableType(relation, level)}`);
  const functions = catalogue.functions.map((fn) => `${key(fn.name)}: ${functionType(fn, level)}`);
  const enums = catalogue.enums.map(
    (row) => `${key(row.name)}: ${row.labels.map((label) => `'${label}'`).join(' | ')}`,
  );
  const schema = objectType(
    [
      `Tables: ${objectType(tables, '    ')}`,
      `Views: ${objectType(views, '    ')}`,
      `Functions: ${objectType(functions, '    ')}`,
      `Enums: ${objectType(enums, '    ')}`,
      `CompositeTypes: { [_ in never]: never }`,
    ],
    '  ',
  );
  return [
    '// Generated by `npm run types:database` from supabase/migrations: do not edit by hand.',
    '// A server test fails when this file no longer matches the migrations.',
    '',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];',
    '',
    `export type Database = {\n  public: ${schema};\n};`,
    '',
  ].join('\n');
}
