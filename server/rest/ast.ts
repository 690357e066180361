// The parsed form of a REST request's query string: what to select, filter and order, before
// any name has been checked against the schema or any SQL written.

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  column: string;
  path: { arrow: '->' | '->>'; key: string }[];
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias: string | undefined;
  /** A type name checked against TYPE_NAME before it is written into SQL. */
  cast: string | undefined;
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias: string | undefined;
  /** `!fk_or_column` disambiguation. */
  hint: string | undefined;
  inner: boolean;
  select: SelectItem[];
}

export type SelectItem = { kind: 'star' } | ColumnItem | EmbedItem;

export const filterOperators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  op: FilterOperator;
  /** `any`/`all` for comparison operators, the text-search config for fts operators. */
  modifier: string | undefined;
  /** The raw value; for `in`, the list items. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface Order {
  field: Field;
  descending: boolean;
  nulls: 'first' | 'last' | undefined;
}

/** Filters and modifiers of one level: the root table, or an embed by its path (`a.b`). */
export interface Level {
  conditions: Condition[];
  /** `rel=is.null` / `rel=not.is.null`: keep parents by whether the embed has a row. */
  existence: { relation: string; present: boolean }[];
  order: Order[];
  limit: number | undefined;
  offset: number | undefined;
}

export const emptyLevel = (): Level => ({
  conditions: [],
  existence: [],
  order: [],
  limit: undefined,
  offset: undefined,
});

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path: '' is the root, 'rel' an embed, 'rel.sub' a nested one. */
  levels: Map<string, Level>;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  /** Query parameters that are not filters (RPC arguments on GET). */
  plain: Map<string, string>;
}

/** Cast targets: letters, digits, underscores, spaces and a trailing []; nothing to escape. */
export const TYPE_NAME = /^[a-z_][a-z0-9_ ]*(\[\])?$/i;
