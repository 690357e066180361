import * as v from 'valibot';
import { LANGUAGES } from '../catalog.ts';
import { CONTENT_PROBLEM_CODES, type ContentProblem, type ContentProblemCode } from './problems.ts';

/**
 * The checks every kind of content shares (texts, lists, slugs, links, dates, the three
 * languages), as Valibot schemas whose issues read back as `ContentProblem`s. Valibot messages
 * are strings, so each rule writes its problem into the message (`problemMessage`) and
 * `problemsOf` reads it back with the field the issue's path names (`translations.es.body`,
 * `use_cases[2]`).
 */

export type ProblemParams = Readonly<Record<string, string | number>>;
type SaidProblem = { code: ContentProblemCode; params?: ProblemParams };

/** Lower-case words of letters and digits joined by "-": the slugs of terms and modules. */
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;
/** Upper case only: 'todo' is an ordinary Spanish word. */
export const PLACEHOLDER = /\b(TODO|TBD|FIXME|XXX)\b|[Ll]orem ipsum/;
export const HTTPS_URL = /^https:\/\/[^\s]+$/;
export const URL_MAX_LENGTH = 500;
/** The longest item of a list of texts (a use case, a strength…). */
export const LIST_ITEM_MAX_LENGTH = 2_000;

/** Words as a reader counts them: runs of characters holding at least one letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Characters as the database's `char_length` counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export function hasPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

// ---------------------------------------------------------------------------------------------
// Problems carried by Valibot messages

const MESSAGE_PREFIX = 'content-problem:';

/** The message string a rule gives Valibot so that `problemsOf` can read its problem back. */
export function problemMessage(code: ContentProblemCode, params?: ProblemParams): string {
  return MESSAGE_PREFIX + JSON.stringify(params === undefined ? { code } : { code, params });
}

/** A Valibot message function reporting `problem` (a code, or a code and figures per issue). */
export function says<TIssue extends v.BaseIssue<unknown>>(
  problem: ContentProblemCode | ((issue: TIssue) => SaidProblem),
): (issue: TIssue) => string {
  return (issue) => {
    const said = typeof problem === 'string' ? { code: problem } : problem(issue);
    return problemMessage(said.code, said.params);
  };
}

function isCode(value: unknown): value is ContentProblemCode {
  return (CONTENT_PROBLEM_CODES as readonly unknown[]).includes(value);
}

function readMessage(message: string): SaidProblem | undefined {
  if (!message.startsWith(MESSAGE_PREFIX)) return undefined;
  const said = JSON.parse(message.slice(MESSAGE_PREFIX.length)) as {
    code?: unknown;
    params?: ProblemParams;
  };
  if (!isCode(said.code)) return undefined;
  return said.params === undefined ? { code: said.code } : { code: said.code, params: said.params };
}

/** The issue path of a field named by its keys, for Valibot to read back as `a.b.c`. */
export function pathOf([first, ...rest]: readonly [string, ...string[]]): [
  v.IssuePathItem,
  ...v.IssuePathItem[],
] {
  const item = (key: string): v.IssuePathItem => ({
    type: 'object',
    origin: 'value',
    input: {},
    key,
    value: undefined,
  });
  return [item(first), ...rest.map(item)];
}

/** `translations.es.body`, `use_cases[2]`: the field an issue's path names ('' for the root). */
export function fieldOf(path: v.BaseIssue<unknown>['path']): string {
  let field = '';
  for (const item of path ?? []) {
    const key: unknown = item.key;
    if (typeof key === 'number') field += `[${key}]`;
    else field += field === '' ? String(key) : `.${String(key)}`;
  }
  return field;
}

/** The problems Valibot's issues describe, in the order the schema found them. */
export function problemsOf(issues: readonly v.BaseIssue<unknown>[]): ContentProblem[] {
  return issues.map((issue) => {
    const field = fieldOf(issue.path);
    const said = readMessage(issue.message);
    // Only a schema written without one of these rules' messages gets here: a type mismatch.
    if (said === undefined) {
      return { field, code: 'wrongType', params: { expected: issue.expected ?? 'another type' } };
    }
    return said.params === undefined
      ? { field, code: said.code }
      : { field, code: said.code, params: said.params };
  });
}

/** Every problem of `input` against `schema`; [] when it passes. */
export function checkWith(schema: v.GenericSchema, input: unknown): ContentProblem[] {
  const result = v.safeParse(schema, input, { abortEarly: false, abortPipeEarly: false });
  return result.success ? [] : problemsOf(result.issues);
}

/**
 * True when no issue found so far concerns `key` of the object being checked, nor the object
 * itself (an issue without a path: not an object at all).
 */
export function isFieldValid(issues: readonly v.BaseIssue<unknown>[] | undefined, key: string) {
  return !(issues ?? []).some((issue) => issue.path === undefined || issue.path[0].key === key);
}

const missingOr =
  (expected: string) =>
  (issue: v.BaseIssue<unknown>): SaidProblem =>
    issue.input === undefined || issue.input === null
      ? { code: 'missing' }
      : { code: 'wrongType', params: { expected } };

// ---------------------------------------------------------------------------------------------
// Rules

// A blank text is reported as `empty` alone: the shape rules below let it through.
const blank = (value: string) => value.trim() === '';

/**
 * An object with exactly these fields: a missing one is `missing`, any other one
 * `unknownField` (each reported, not only the first).
 */
export function fields<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const allowed = Object.keys(entries).join(', ');
  return v.objectWithRest(
    entries,
    v.never(says(() => ({ code: 'unknownField', params: { allowed } }))),
    says(missingOr('object')),
  );
}

/** `{ fr, en, es }`, each checked by `schema`; a missing language is reported once. */
export function perLanguage<const TSchema extends v.GenericSchema>(schema: TSchema) {
  return fields({ fr: schema, en: schema, es: schema } as const satisfies Record<
    (typeof LANGUAGES)[number],
    TSchema
  >);
}

/**
 * A text that is there, not blank, without spaces around it, at most `max` characters (as the
 * database counts them) and not a placeholder. A blank text is only reported as `empty`.
 */
export function text(max: number) {
  return v.pipe(
    v.string(says(missingOr('string'))),
    v.check((value) => !blank(value), says('empty')),
    v.check((value) => blank(value) || value.trim() === value, says('untrimmed')),
    v.check(
      (value) => blank(value) || characterCount(value) <= max,
      says((issue: v.CheckIssue<string>) => ({
        code: 'tooLong',
        params: { length: characterCount(issue.input), max },
      })),
    ),
    v.check((value) => !hasPlaceholder(value), says('placeholder')),
  );
}

/** `text(max)`, or null / absent. */
export function optionalText(max: number) {
  return v.nullish(text(max));
}

/** A body of `min` to `max` words (an empty one is left to `text`'s `empty`). */
export function wordCount({ min, max }: { readonly min: number; readonly max: number }) {
  return v.check(
    (value: string) => {
      const words = countWords(value);
      return value.trim() === '' || (words >= min && words <= max);
    },
    says((issue: v.CheckIssue<string>) => ({
      code: 'wordCount',
      params: { words: countWords(issue.input), min, max },
    })),
  );
}

/** A list of `min` to `max` items, each checked by `item`. */
export function list<const TItem extends v.GenericSchema>(
  { min, max }: { readonly min: number; readonly max: number },
  item: TItem,
) {
  const size = says((issue: v.BaseIssue<unknown>) => ({
    code: 'listSize',
    params: { count: Array.isArray(issue.input) ? issue.input.length : 0, min, max },
  }));
  return v.pipe(
    v.array(item, says(missingOr('list'))),
    v.minLength(min, size),
    v.maxLength(max, size),
  );
}

/** `list` of texts of at most `itemMax` characters. */
export function textList(
  size: { readonly min: number; readonly max: number },
  itemMax = LIST_ITEM_MAX_LENGTH,
) {
  return list(size, text(itemMax));
}

/** A list that does not hold the same value twice. */
export function distinct<TItem>() {
  return v.check((items: TItem[]) => new Set(items).size === items.length, says('duplicate'));
}

/** One of `allowed`. */
export function oneOf<const TOptions extends readonly string[]>(allowed: TOptions) {
  return v.picklist(
    allowed,
    says((issue) =>
      issue.input === undefined || issue.input === null
        ? { code: 'missing' }
        : { code: 'notAllowed', params: { allowed: allowed.join(', ') } },
    ),
  );
}

/** A slug: lower-case words joined by "-". */
export function slug() {
  return v.pipe(
    text(SLUG_MAX_LENGTH),
    v.check((value) => blank(value) || SLUG.test(value), says('slugShape')),
  );
}

/** An https:// address. */
export function httpsUrl() {
  return v.pipe(
    text(URL_MAX_LENGTH),
    v.check((value) => blank(value) || HTTPS_URL.test(value), says('notHttps')),
  );
}

/** A real date written YYYY-MM-DD. */
export function isoDate() {
  return v.pipe(
    text(10),
    v.check((value) => blank(value) || isIsoDate(value), says('notDate')),
  );
}

/** An integer of at least `min`. */
export function integerAtLeast(min: number) {
  const problem = says(() => ({ code: 'belowMin', params: { min } }));
  return v.pipe(v.number(says(missingOr('integer'))), v.integer(problem), v.minValue(min, problem));
}
