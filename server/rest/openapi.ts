import type { Queryable } from '../db/database.ts';
import { CSV, OPENAPI, SINGULAR } from './negotiate.ts';
import {
  EXPOSED_SCHEMA,
  type Column,
  type RpcFunction,
  type SchemaCache,
  type Table,
} from './schema.ts';

// GET /rest/v1/: PostgREST's default root, an OpenAPI 2.0 document of the exposed schema
// (Response/OpenAPI.hs) in its "follow-privileges" mode. Names, types and keys come from the
// schema cache; what the caller's role may see is asked of Postgres inside the request's
// transaction, after the role switch, so a table without any grant never appears, a column
// withheld by a column grant is left out, and each verb is listed only when granted.

type Json = Record<string, unknown>;

interface ColumnAccess {
  name: string;
  not_null: boolean;
  enum: string[] | null;
  description: string | null;
}

interface TableAccess {
  name: string;
  can_select: boolean;
  can_insert: boolean;
  can_update: boolean;
  can_delete: boolean;
  description: string | null;
  columns: ColumnAccess[];
}

async function accessibleTables(tx: Queryable): Promise<TableAccess[]> {
  const result = await tx.query<Omit<TableAccess, 'columns'> & { columns: string }>(
    `select c.relname::text as name,
            has_any_column_privilege(c.oid, 'SELECT') as can_select,
            has_any_column_privilege(c.oid, 'INSERT') as can_insert,
            has_any_column_privilege(c.oid, 'UPDATE') as can_update,
            has_table_privilege(c.oid, 'DELETE') as can_delete,
            obj_description(c.oid, 'pg_class') as description,
            coalesce((select json_agg(json_build_object(
                        'name', a.attname, 'not_null', a.attnotnull,
                        'enum', (select json_agg(e.enumlabel order by e.enumsortorder)
                                   from pg_enum e where e.enumtypid = a.atttypid),
                        'description', col_description(c.oid, a.attnum)) order by a.attnum)
                        from pg_attribute a
                       where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                         and has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES')),
                      '[]')::text as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        and (has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE')
             or has_table_privilege(c.oid, 'DELETE'))
      order by c.relname`,
    [EXPOSED_SCHEMA],
  );
  return result.rows.map((row) => ({ ...row, columns: JSON.parse(row.columns) as ColumnAccess[] }));
}

async function executableFunctions(tx: Queryable): Promise<Map<string, string | null>> {
  const result = await tx.query<{ oid: string; description: string | null }>(
    `select p.oid::text as oid, obj_description(p.oid, 'pg_proc') as description
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f' and has_function_privilege(p.oid, 'EXECUTE')`,
    [EXPOSED_SCHEMA],
  );
  return new Map(result.rows.map((row) => [row.oid, row.description]));
}

/** The catalog type without its modifier (`character varying(20)` → `character varying`). */
const baseType = (type: string): string => type.replace(/\(\d+(?:,\d+)?\)/g, '');

/** toSwaggerType: JSON types have none, arrays are arrays, unknown types are strings. */
function swaggerType(type: string): string | undefined {
  const known: Record<string, string | undefined> = {
    'character varying': 'string',
    character: 'string',
    text: 'string',
    boolean: 'boolean',
    smallint: 'integer',
    integer: 'integer',
    bigint: 'integer',
    numeric: 'number',
    real: 'number',
    'double precision': 'number',
    json: undefined,
    jsonb: undefined,
  };
  if (type in known) return known[type];
  return type.endsWith('[]') ? 'array' : 'string';
}

/** PostgREST's typed schema for a type: type, format and, for arrays, the item type. */
function typed(type: string): Json {
  const format = baseType(type);
  const kind = swaggerType(format);
  const out: Json = { format };
  if (kind !== undefined) out.type = kind;
  if (kind === 'array') {
    const item = swaggerType(format.slice(0, -2));
    out.items = item === undefined ? {} : { type: item };
  }
  return out;
}

/** parseDefault: a string column's `'x'::type` default as "x"; others only if valid JSON. */
function defaultValue(column: Column): unknown {
  const expression = column.default;
  if (expression === undefined || expression === null) return undefined;
  const type = baseType(column.type);
  let text = expression;
  if (swaggerType(type) === 'string') {
    const literal = /^'((?:[^']|'')*)'::[\w\s."[\]]+$/.exec(expression);
    text = JSON.stringify(
      literal?.[1] === undefined ? expression : literal[1].replaceAll("''", "'"),
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function property(cache: SchemaCache, table: Table, access: ColumnAccess): Json {
  const column = table.columns.get(access.name) ?? { name: access.name, type: 'text' };
  const out: Json = typed(column.type);
  const maxLength = /^character(?: varying)?\((\d+)\)$/.exec(column.type)?.[1];
  if (maxLength !== undefined) out.maxLength = Number(maxLength);
  const fallback = defaultValue(column);
  if (fallback !== undefined) out.default = fallback;
  if (access.enum !== null) out.enum = access.enum;
  const notes: string[] = [];
  if (table.primaryKey.includes(access.name)) notes.push('This is a Primary Key.<pk/>');
  const fk = cache.foreignKeys.find(
    (key) => key.table === table.name && key.columns.length === 1 && key.columns[0] === access.name,
  );
  const target = fk?.foreignColumns[0];
  if (fk !== undefined && target !== undefined) {
    notes.push(
      `This is a Foreign Key to \`${fk.foreignTable}.${target}\`.<fk table='${fk.foreignTable}' column='${target}'/>`,
    );
  }
  const description =
    notes.length > 0
      ? `${access.description === null ? '' : `${access.description}\n\n`}Note:\n${notes.join('\n')}`
      : access.description;
  if (description !== null) out.description = description;
  return out;
}

const ref = (kind: 'parameters' | 'definitions', name: string): Json => ({
  $ref: `#/${kind}/${name}`,
});

const queryParam = (name: string, description: string): Json => ({
  name,
  description,
  required: false,
  in: 'query',
  type: 'string',
});

const preferParam = (values: string[]): Json => ({
  name: 'Prefer',
  description: 'Preference',
  required: false,
  in: 'header',
  type: 'string',
  enum: values,
});

function commonParameters(): Json {
  return {
    preferParams: preferParam(['params=single-object']),
    preferReturn: preferParam(['return=representation', 'return=minimal']),
    preferCount: preferParam(['count=exact', 'count=planned', 'count=estimated']),
    preferPost: preferParam([
      'return=representation',
      'return=minimal',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ]),
    select: queryParam('select', 'Filtering Columns'),
    on_conflict: queryParam('on_conflict', 'On Conflict'),
    order: queryParam('order', 'Ordering'),
    range: {
      name: 'Range',
      description: 'Limiting and Pagination',
      required: false,
      in: 'header',
      type: 'string',
    },
    rangeUnit: {
      name: 'Range-Unit',
      description: 'Limiting and Pagination',
      required: false,
      in: 'header',
      type: 'string',
      default: 'items',
    },
    offset: queryParam('offset', 'Limiting and Pagination'),
    limit: queryParam('limit', 'Limiting and Pagination'),
  };
}

/** The first line of a comment is the summary, the rest (if any) the description. */
function summarise(comment: string | null): Json {
  if (comment === null) return {};
  const [summary = '', ...rest] = comment.split('\n');
  const description = rest.join('\n').replace(/^\n+/, '');
  return description === '' ? { summary } : { summary, description };
}

function tablePath(access: TableAccess, rowFilters: Json[]): Json {
  const name = access.name;
  const base = { tags: [name], ...summarise(access.description) };
  const path: Json = {};
  if (access.can_select) {
    path.get = {
      ...base,
      parameters: [
        ...rowFilters,
        ...['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'].map((p) =>
          ref('parameters', p),
        ),
      ],
      responses: {
        200: {
          description: 'OK',
          schema: { type: 'array', items: ref('definitions', name) },
        },
        206: { description: 'Partial Content' },
      },
    };
  }
  if (access.can_insert) {
    path.post = {
      ...base,
      parameters: [`body.${name}`, 'select', 'preferPost'].map((p) => ref('parameters', p)),
      responses: { 201: { description: 'Created' } },
    };
  }
  if (access.can_update) {
    path.patch = {
      ...base,
      parameters: [
        ...rowFilters,
        ref('parameters', `body.${name}`),
        ref('parameters', 'preferReturn'),
      ],
      responses: { 204: { description: 'No Content' } },
    };
  }
  if (access.can_delete) {
    path.delete = {
      ...base,
      parameters: [...rowFilters, ref('parameters', 'preferReturn')],
      responses: { 204: { description: 'No Content' } },
    };
  }
  return path;
}

function functionPath(fn: RpcFunction, comment: string | null): Json {
  const named = fn.params.filter((p) => p.name !== '');
  const requiredCount = fn.params.length - fn.defaults;
  const required = named.filter((p) => fn.params.indexOf(p) < requiredCount).map((p) => p.name);
  const base = {
    tags: [`(rpc) ${fn.name}`],
    ...summarise(comment),
    produces: ['application/json', `${SINGULAR};nulls=stripped`, SINGULAR],
    responses: { 200: { description: 'OK' } },
  };
  const argsSchema: Json = {
    type: 'object',
    properties: Object.fromEntries(named.map((p) => [p.name, typed(p.type)])),
  };
  if (required.length > 0) argsSchema.required = required;
  if (comment !== null) argsSchema.description = comment;
  const path: Json = {
    post: {
      ...base,
      parameters: [
        { name: 'args', required: true, in: 'body', schema: argsSchema },
        ref('parameters', 'preferParams'),
      ],
    },
  };
  if (!fn.volatile) {
    path.get = {
      ...base,
      parameters: named.map((p) => {
        const kind = swaggerType(baseType(p.type));
        return {
          name: p.name,
          required: required.includes(p.name),
          in: 'query',
          type: kind === undefined || kind === 'array' ? 'string' : kind,
          format: baseType(p.type),
        };
      }),
    };
  }
  return path;
}

export interface RootOptions {
  /** Where the API is mounted (`/rest/v1`): the document's basePath. */
  basePath: string;
  /** The request's Host header, when it looks like one. */
  host: string | undefined;
}

/** The OpenAPI document for the role the transaction runs as. */
export async function openApiDocument(
  tx: Queryable,
  cache: SchemaCache,
  options: RootOptions,
): Promise<string> {
  const tables = (await accessibleTables(tx)).filter((t) => cache.tables.has(t.name));
  const executable = await executableFunctions(tx);
  const definitions: Json = {};
  const parameters: Json = commonParameters();
  const paths: Json = {
    '/': {
      get: {
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
        produces: [OPENAPI, 'application/json'],
        responses: { 200: { description: 'OK' } },
      },
    },
  };
  for (const access of tables) {
    const table = cache.tables.get(access.name);
    if (table === undefined) continue;
    const definition: Json = {
      type: 'object',
      properties: Object.fromEntries(
        access.columns.map((column) => [column.name, property(cache, table, column)]),
      ),
    };
    const required = access.columns.filter((c) => c.not_null).map((c) => c.name);
    if (required.length > 0) definition.required = required;
    if (access.description !== null) definition.description = access.description;
    definitions[access.name] = definition;
    parameters[`body.${access.name}`] = {
      name: access.name,
      description: access.name,
      required: false,
      in: 'body',
      schema: ref('definitions', access.name),
    };
    const rowFilters: Json[] = [];
    for (const column of access.columns) {
      const key = `rowFilter.${access.name}.${column.name}`;
      const filter: Json = { name: column.name, required: false, in: 'query', type: 'string' };
      if (column.description !== null) filter.description = column.description;
      parameters[key] = filter;
      rowFilters.push(ref('parameters', key));
    }
    paths[`/${access.name}`] = tablePath(access, rowFilters);
  }
  const functions = [...cache.functions.values()]
    .flat()
    .filter((fn) => executable.has(fn.oid) && !['trigger', 'event_trigger'].includes(fn.returnType))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const fn of functions) {
    // Overloads share a path; the first one describes it.
    paths[`/rpc/${fn.name}`] ??= functionPath(fn, executable.get(fn.oid) ?? null);
  }
  const mimes = ['application/json', `${SINGULAR};nulls=stripped`, SINGULAR, CSV];
  const document: Json = {
    swagger: '2.0',
    info: {
      description: 'This is a dynamic API generated by PostgREST',
      title: 'PostgREST API',
      version: '12.2.0 (Blockademia local)',
    },
    ...(options.host === undefined ? {} : { host: options.host }),
    basePath: options.basePath,
    schemes: ['http'],
    consumes: mimes,
    produces: mimes,
    paths,
    definitions,
    parameters,
    externalDocs: {
      description: 'PostgREST Documentation',
      url: 'https://postgrest.org/en/v12/references/api.html',
    },
  };
  return JSON.stringify(document);
}
