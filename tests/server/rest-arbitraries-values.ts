import fc from 'fast-check';

// The raw material of the REST fuzz test: the request type, real table, function
// and column names mixed with junk, and hostile values (quotes, escapes, SQL, placeholders,
// unicode, very long strings). Every piece is a cheap constant pick or a short string: the cost
// of a run is the HTTP round trip, not the generation.

export type FuzzRole = 'anon' | 'user' | 'service';
export type FuzzMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export interface FuzzRequest {
  role: FuzzRole;
  method: FuzzMethod;
  /** Under /rest/v1/, already encoded. */
  path: string;
  /** Form-encoded as postgrest-js does, plus an occasional raw (badly encoded) tail. */
  query: [string, string][];
  rawQuery: string;
  headers: Record<string, string>;
  /** Only for POST and PATCH: JSON text, or deliberately broken text. */
  body: string | undefined;
}

/** A value the canary table holds; no response may ever contain it. */
export const CANARY_SECRET = 'canary-secret-0b5e7c1d';

export const realTables = [
  'tokens',
  'token_translations',
  'token_market',
  'favorites',
  'profiles',
  'terms',
  'term_translations',
  'user_roles',
  'learning_modules',
  'learning_module_translations',
  'learning_steps',
  'learning_step_translations',
  'quiz_questions',
  'quiz_question_translations',
  'quiz_answers',
  'learning_progress',
  'learning_step_completions',
  'quiz_attempts',
  'user_badges',
  'contact_messages',
  'generated_content',
] as const;

export const realFunctions = [
  'has_role',
  'export_my_data',
  'admin_list_users',
  'admin_set_role',
  'complete_step',
  'submit_quiz',
  'check_quiz',
  'delete_my_account',
] as const;

export const realColumns = [
  'id',
  'name',
  'slug',
  'symbol',
  'rank',
  'category',
  'related_slugs',
  'language',
  'title',
  'body',
  'token_id',
  'user_id',
  'module_id',
  'position',
  'level',
  'status',
  'created_at',
  'updated_at',
  'price_usd',
  'market_cap_usd',
  'payload',
  'answers',
  'options',
  'completed_steps',
  'full_name',
  'email',
  'message',
  'role',
  'score',
  'passed',
  '_user_id',
  '_role',
  '_module_id',
  '_position',
  '_answers',
  '_language',
  '_granted',
] as const;

/** Quotes, parentheses, separators, escapes, SQL, placeholders, unicode, control characters. */
const nastyAtoms = [
  "'",
  '"',
  '\\',
  '\\"',
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  ';',
  '*',
  '%',
  '_',
  '{',
  '}',
  '[',
  ']',
  '->',
  '->>',
  '!inner',
  '...',
  ' ',
  '+',
  '&',
  '=',
  '#',
  '?',
  '/',
  '\n',
  '\t',
  '\u0000',
  '\u0001',
  '\u202e',
  '\ufeff',
  '\ud800',
  'é',
  'ß',
  'Ω',
  '😀',
  '中文',
  "'; drop table tokens; --",
  "'; delete from public.tokens; --",
  '"; drop table canary; --',
  "') or ('1'='1",
  '1) or (1=1',
  ' or 1=1 --',
  '/* */',
  '$1',
  '$$',
  '$$; drop table tokens; $$',
  '$tag$',
  "e'\\x00'",
  "E'\\\\'",
  'U&"\\0061"',
  'pg_sleep(10)',
  'select pg_sleep(10)',
  '(select secret from canary)',
  'canary',
  "current_setting('request.jwt.claims')",
  'set role postgres',
  'reset role',
  'null',
  'NULL',
  'true',
  'false',
  'unknown',
  'not_null',
  'default',
  'infinity',
  '-infinity',
  'NaN',
  '1',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999999',
  '-9223372036854775809',
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  'not-a-uuid',
  '2024-01-02T03:04:05+00:00',
  'bitcoin',
  'BTC',
  'fr',
  'en',
  'english',
  '[1,10)',
  '(,)',
  '{a,b}',
  '{"k":1}',
  '["x"]',
] as const;

const atom: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...nastyAtoms) },
  { weight: 2, arbitrary: fc.constantFrom(...realColumns) },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** A few atoms glued together, and now and then a very long string. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.array(atom, { minLength: 1, maxLength: 4 }).map((a) => a.join('')) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(atom, fc.integer({ min: 100, max: 4_000 }))
      .map(([piece, times]) => piece.repeat(Math.ceil(times / Math.max(1, piece.length)))),
  },
);

/** A value double-quoted the PostgREST way (`\"` and `\\` escaped), or left bare. */
export const treeValue: fc.Arbitrary<string> = fc.oneof(
  hostileValue,
  hostileValue.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`),
  hostileValue.map((v) => `"${v}`),
);

export const junkName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('nope', 'canary', 'pg_class', 'auth.users', 'Tokens', 'id;', '"id"', ''),
  hostileValue,
);

export const columnName: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...realColumns) },
  { weight: 1, arbitrary: junkName },
);

/** `col`, `col->a->>b`, `data->0`. */
export const field: fc.Arbitrary<string> = fc
  .tuple(
    columnName,
    fc.array(fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(hostileValue, fc.constant('0'))), {
      maxLength: 2,
    }),
  )
  .map(([column, path]) => column + path.map(([arrow, key]) => arrow + key).join(''));
