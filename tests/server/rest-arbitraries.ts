import fc from 'fast-check';
import { filterOperators } from '../../server/rest/ast.ts';
import { KNOWN_PREFERENCES } from '../../server/rest/negotiate.ts';
import {
  realTables,
  realFunctions,
  realColumns,
  hostileValue,
  treeValue,
  junkName,
  columnName,
  field,
  type FuzzRole,
  type FuzzMethod,
  type FuzzRequest,
} from './rest-arbitraries-values.ts';

// Whole requests for the REST fuzz test: query parameters, paths, headers and bodies, built
// from the hostile values of rest-arbitraries-values.ts.

const operator: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...filterOperators) },
  { weight: 1, arbitrary: fc.constantFrom('zz', 'EQ', 'not', 'and', 'or', '', 'eq;') },
);

const modifier: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('any', 'all', 'english', 'french', 'simple', 'nope', "english'; --", ')')
      .map((m) => `(${m})`),
  },
  { weight: 1, arbitrary: hostileValue.map((m) => `(${m})`) },
);

/** The value after `op.`: an `in` list, an `is` keyword, or any hostile text. */
function operand(op: string, inTree: boolean): fc.Arbitrary<string> {
  if (op === 'in')
    return fc.oneof(
      fc.array(treeValue, { maxLength: 5 }).map((items) => `(${items.join(',')})`),
      hostileValue,
    );
  if (op === 'is')
    return fc.oneof(fc.constantFrom('null', 'true', 'false', 'unknown', 'NOT_NULL'), hostileValue);
  return inTree ? treeValue : hostileValue;
}

/** `[not.]op[(modifier)].value` */
const operation = (inTree: boolean): fc.Arbitrary<string> =>
  fc
    .tuple(fc.boolean(), operator, modifier)
    .chain(([negate, op, mod]) =>
      operand(op, inTree).map((value) => `${negate ? 'not.' : ''}${op}${mod}.${value}`),
    );

/** `(a.eq.1,or(b.gt.2,not.and(c.is.null,d.in.(1,2))))`, with junk sprinkled in. */
export const logicTree: fc.Arbitrary<string> = fc.letrec<{ tree: string; item: string }>((tie) => ({
  tree: fc
    .array(tie('item'), { minLength: 1, maxLength: 4 })
    .map((items) => `(${items.join(',')})`),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: fc.tuple(field, operation(true)).map(([f, o]) => `${f}.${o}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or'), tie('tree'))
        .map(([op, tree]) => op + tree),
    },
    { weight: 1, arbitrary: hostileValue },
  ),
})).tree;

/** Deeper than the parser's limit: must be refused with a 400, not a stack overflow. */
const deepTree: fc.Arbitrary<string> = fc
  .integer({ min: 15, max: 400 })
  .map((depth) => `${'or('.repeat(depth)}id.eq.1${')'.repeat(depth)}`.slice(2));

const cast = fc.oneof(
  fc.constantFrom('text', 'int', 'integer', 'bigint', 'numeric', 'jsonb', 'uuid', 'text[]'),
  fc.constantFrom('regclass', 'double precision', 'pg_catalog.text', 'text); drop table x; --'),
  hostileValue,
);

const selectItem: fc.Arbitrary<string> = fc.letrec<{ list: string; item: string }>((tie) => ({
  list: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 2, arbitrary: fc.constant('*') },
    { weight: 5, arbitrary: field },
    {
      weight: 2,
      arbitrary: fc.tuple(hostileValue, field).map(([alias, f]) => `${alias}:${f}`),
    },
    { weight: 2, arbitrary: fc.tuple(field, cast).map(([f, c]) => `${f}::${c}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('', 'alias:', '...', 'x:'),
          fc.oneof(fc.constantFrom(...realTables), junkName),
          fc.constantFrom('', '!inner', '!left', '!token_id', '!user_id', '!nope', '!inner!left'),
          fc.oneof(tie('list'), fc.constant('')),
        )
        .map(([prefix, rel, hint, inner]) => `${prefix}${rel}${hint}(${inner})`),
    },
    { weight: 1, arbitrary: fc.constantFrom('count()', 'rank.sum()', 'id.max()', 'count()::int') },
    { weight: 1, arbitrary: hostileValue },
  ),
})).list;

const orderTerm: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(field, fc.constantFrom('token_translations(language)', 'tokens(rank)')),
    fc.array(fc.constantFrom('asc', 'desc', 'nullsfirst', 'nullslast', 'sideways', ''), {
      maxLength: 2,
    }),
  )
  .map(([f, mods]) => [f, ...mods].join('.'));

const count: fc.Arbitrary<string> = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom('-1', '1.5', '1e3', '999999999', '9999999999999999999', 'all', '', ' 1', '0x10'),
  hostileValue,
);

const embedPrefix = fc.constantFrom(
  '',
  '',
  '',
  'token_translations.',
  'token_market.',
  'tokens.',
  'nope.',
  'a.b.',
);

/** One query parameter. */
export const queryParam: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 3, arbitrary: selectItem.map((s): [string, string] => ['select', s]) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(embedPrefix, field, operation(false))
      .map(([p, f, o]): [string, string] => [p + f, o]),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(embedPrefix, fc.constantFrom('or', 'and', 'not.or', 'not.and'), logicTree)
      .map(([p, k, t]): [string, string] => [p + k, t]),
  },
  { weight: 1, arbitrary: deepTree.map((t): [string, string] => ['or', t]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(embedPrefix, fc.array(orderTerm, { minLength: 1, maxLength: 3 }))
      .map(([p, terms]): [string, string] => [`${p}order`, terms.join(',')]),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(embedPrefix, fc.constantFrom('limit', 'offset'), count)
      .map(([p, k, c]): [string, string] => [p + k, c]),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('columns', 'on_conflict'),
        fc.array(
          fc.oneof(
            columnName,
            columnName.map((c) => `"${c}"`),
          ),
          { maxLength: 4 },
        ),
      )
      .map(([k, cols]): [string, string] => [k, cols.join(',')]),
  },
  { weight: 2, arbitrary: fc.tuple(junkName, hostileValue) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('apikey', 'select', 'order'), fc.constant('')) },
);

/** Percent-escapes a form encoder would never send. */
const rawTail = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '&%zz=1',
      '&id=eq.%',
      '&id=eq.%E0%A4%A',
      '&%00=%00',
      '&select=%C0%AF',
      '&&&=&=',
      '&id=eq.%ED%A0%80',
      '&or=(id.eq.1,id.eq.2',
      '&id',
      '&=eq.1',
    ),
  },
);

export const restPath: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...realTables) },
  { weight: 2, arbitrary: fc.constantFrom(...realFunctions).map((f) => `rpc/${f}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'canary',
      'nope',
      'rpc/nope',
      'rpc/',
      'rpc',
      'rpc/pg_sleep',
      'rpc/set_updated_at',
      'rpc/handle_new_user',
      'tokens/1',
      'a/b',
      '',
      'x%2F..%2F..%2Fauth%2Fv1%2Fadmin%2Fusers',
      'pg_catalog.pg_roles',
      'auth.users',
      'TOKENS',
      '%22tokens%22',
      'tokens%3Bdrop%20table%20tokens',
    ),
  },
  {
    weight: 1,
    // Encoded, and never a bare `.`/`..` segment, which the URL parser would resolve away.
    arbitrary: hostileValue.map((name) => {
      const encoded = encodeURIComponent(name.replace(/[\ud800-\udfff]/gu, '\ufffd'));
      return /^(\.|%2e)*$/i.test(encoded) ? `x${encoded}` : encoded;
    }),
  },
);

const prefer: fc.Arbitrary<string | undefined> = fc.option(
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          ...KNOWN_PREFERENCES,
          'max-affected=0',
          'max-affected=-1',
          'timezone=America/New_York',
          "timezone='; drop table tokens; --",
          'return=nope',
          'count',
          '=',
        ),
        hostileValue,
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((prefs) => prefs.join(', ')),
  { freq: 2 },
);

/** Absent `absentWeight` times out of `absentWeight + 1`; else mostly a sensible value. */
const optionalHeader = (
  values: readonly string[],
  absentWeight = 3,
): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: absentWeight, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...values) },
        { weight: 1, arbitrary: hostileValue },
      ),
    },
  );

/** JSON values that are wrong in every way: types, sizes, nesting, quotes. */
const jsonScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53 + 1,
    -0,
    0.1,
    Number.MAX_SAFE_INTEGER,
    true,
    false,
    null,
    '00000000-0000-4000-8000-00000000000a',
    '00000000-0000-4000-8000-00000000000b',
    '10000000-0000-4000-8000-000000000001',
    'admin',
    'fr',
  ),
);

const jsonRow: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; row: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: jsonScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: tie('row') },
  ),
  row: fc.dictionary(fc.oneof(fc.constantFrom(...realColumns), junkName), tie('value'), {
    maxKeys: 5,
  }),
})).row;

export const jsonBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: jsonRow.map((row) => JSON.stringify(row)) },
  {
    weight: 3,
    arbitrary: fc.array(jsonRow, { maxLength: 4 }).map((rows) => JSON.stringify(rows)),
  },
  { weight: 1, arbitrary: jsonScalar.map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      hostileValue,
      fc.constantFrom('', '{', '[', '{"a":', '{"a":1}{"b":2}', '\u0000', '[[[[[[[[[[[[[[[[[[[['),
      fc.nat({ max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      fc.nat({ max: 3000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    ),
  },
);

const roleArbitrary: fc.Arbitrary<FuzzRole> = fc.constantFrom('anon', 'user', 'service');

/**
 * A whole request. Writes (POST/PATCH/DELETE) are generated for the anon and user roles only: the
 * service role bypasses RLS, so a valid body from it may legitimately change any row, and the data
 * canary could then no longer tell an injection from an allowed write. It still reads everything.
 */
export const restRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    role: roleArbitrary,
    readMethod: fc.constantFrom<FuzzMethod>('GET', 'GET', 'GET', 'HEAD'),
    writeMethod: fc.constantFrom<FuzzMethod>('POST', 'POST', 'PATCH', 'DELETE'),
    write: fc.boolean(),
    path: restPath,
    query: fc.array(queryParam, { maxLength: 5 }),
    rawQuery: rawTail,
    prefer,
    accept: optionalHeader([
      'application/json',
      'application/vnd.pgrst.object+json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'text/csv',
      'text/plain',
      'application/octet-stream',
      '*/*',
      'application/openapi+json',
    ]),
    contentType: optionalHeader(
      ['application/json', 'text/csv', 'application/x-www-form-urlencoded', 'text/plain'],
      8,
    ),
    range: optionalHeader(['0-9', '5-', '-3', '10-2', '0-99999999999', 'items=0-1', 'bytes']),
    profile: optionalHeader(['public', 'auth', 'storage', 'private', 'pg_catalog'], 8),
    body: jsonBody,
  })
  .map((r): FuzzRequest => {
    const write = r.write && r.role !== 'service';
    const method = write ? r.writeMethod : r.readMethod;
    const headers: Record<string, string> = {};
    const set = (name: string, value: string | undefined): void => {
      // Headers carry only ByteStrings; fetch refuses the rest, so drop what it would refuse.
      if (value !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(value)) headers[name] = value;
    };
    set('Prefer', r.prefer);
    set('Accept', r.accept);
    set('Range', r.range);
    if (r.range !== undefined) set('Range-Unit', 'items');
    set(write ? 'Content-Profile' : 'Accept-Profile', r.profile);
    if (method === 'POST' || method === 'PATCH')
      set('Content-Type', r.contentType ?? 'application/json');
    return {
      role: r.role,
      method,
      path: r.path,
      query: r.query,
      rawQuery: r.rawQuery,
      headers,
      body: method === 'POST' || method === 'PATCH' ? r.body : undefined,
    };
  });
