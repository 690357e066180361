/**
 * What can be wrong with a piece of content (a dictionary term, a token sheet, a learning module
 * and its answers), as codes with their figures: the same rule reports to `npm run content:check`
 * and the seed (in English, with the file and the field) and to the admin forms and the content
 * generator (translated, next to the field). The rules themselves live beside this file, one
 * module per kind of content.
 */

export const CONTENT_PROBLEM_CODES = [
  /** The field is absent. */
  'missing',
  /** The value has the wrong type (`expected`: 'string', 'list', 'object', 'integer'). */
  'wrongType',
  /** A text is empty or only spaces. */
  'empty',
  /** A text starts or ends with spaces. */
  'untrimmed',
  /** A text is longer than `max` characters (`length`). */
  'tooLong',
  /** A text reads like a placeholder (TODO, lorem ipsum). */
  'placeholder',
  /** A body has `words` words, outside `min`..`max`. */
  'wordCount',
  /** A list has `count` items, outside `min`..`max`. */
  'listSize',
  /** A list holds the same value twice. */
  'duplicate',
  /** Not one of the allowed values (`allowed`, comma-separated). */
  'notAllowed',
  /** A field that the content does not have (`allowed`, comma-separated). */
  'unknownField',
  /** A slug that is not lower-case words joined by "-". */
  'slugShape',
  /** A slug or id already used by another entry. */
  'taken',
  /** A slug or id that differs from its file name (`expected`). */
  'fileName',
  /** A term related to itself. */
  'relatedSelf',
  /** A related slug that names no term (`slug`). */
  'relatedUnknown',
  /** A token id that is not a provider id (lower-case a-z, 0-9, ".", "_", "-"). */
  'tokenIdShape',
  /** A symbol that is not upper case. */
  'symbolCase',
  /** An integer below `min`. */
  'belowMin',
  /** Not an https:// address. */
  'notHttps',
  /** The provider link is not the provider's page of this token (`expected`). */
  'providerLink',
  /** Not a real date written YYYY-MM-DD. */
  'notDate',
  /** An in-depth section required for the top `rank` sheets. */
  'inDepthRequired',
  /** An in-depth section present in some languages only (`languages`). */
  'inDepthPartial',
  /** A language of a learning module's texts is absent (each text needs fr, en and es). */
  'languageMissing',
  /** Not one of the allowed values, quoted (`value`, JSON) with them (`allowed`): a module's level. */
  'unknownValue',
  /** A list has `count` items, fewer than `min` (a list with no upper bound). */
  'tooFew',
  /** A question's option keys (`keys`) differ from those of its first language (`expected`). */
  'optionKeysDiffer',
  /** A module's slug differs from its folder's name (`expected`). */
  'folderName',
  /** Question `question` has no correct answer. */
  'answerMissing',
  /** Question `question` has `count` correct answers instead of one. */
  'answerCount',
  /** The correct answer (`answer`) of question `question` is not one of its option keys (`keys`). */
  'answerNotOption',
  /** A correct answer for question `question`, which the module (`count` questions) lacks. */
  'noSuchQuestion',
] as const;
export type ContentProblemCode = (typeof CONTENT_PROBLEM_CODES)[number];

/** One problem: where (`translations.es.body`), what, and the figures the message shows. */
export interface ContentProblem {
  readonly field: string;
  readonly code: ContentProblemCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

const english: Record<
  ContentProblemCode,
  (params: Readonly<Record<string, string | number>>) => string
> = {
  missing: () => 'missing',
  wrongType: (p) => `must be ${String(p.expected ?? 'of another type')}`,
  empty: () => 'is empty',
  untrimmed: () => 'has leading or trailing spaces',
  tooLong: (p) => `is ${String(p.length)} characters long (at most ${String(p.max)})`,
  placeholder: () => 'looks like a placeholder',
  wordCount: (p) => `has ${String(p.words)} words (expected ${String(p.min)} to ${String(p.max)})`,
  listSize: (p) => `has ${String(p.count)} items (expected ${String(p.min)} to ${String(p.max)})`,
  duplicate: () => 'lists the same value twice',
  notAllowed: (p) => `is not one of: ${String(p.allowed)}`,
  unknownField: (p) => `unknown field (expected one of: ${String(p.allowed)})`,
  slugShape: () => 'must be lowercase words joined by "-"',
  taken: () => 'is already used',
  fileName: (p) => `does not match the file name (${String(p.expected)})`,
  relatedSelf: () => 'a term cannot be related to itself',
  relatedUnknown: (p) => `"${String(p.slug)}" is not a term`,
  tokenIdShape: () => 'is not a CoinGecko id (lowercase, a-z0-9._-)',
  symbolCase: () => 'must be upper case',
  belowMin: (p) => `must be an integer of at least ${String(p.min)}`,
  notHttps: () => 'must be an https:// URL',
  providerLink: (p) => `must be ${String(p.expected)}`,
  notDate: () => 'must be a real date written YYYY-MM-DD',
  inDepthRequired: (p) => `missing (required for the top ${String(p.rank)})`,
  inDepthPartial: (p) => `present in ${String(p.languages)} only`,
  languageMissing: () => 'missing (every entry needs fr, en and es)',
  unknownValue: (p) => `unknown value ${String(p.value)} (expected one of: ${String(p.allowed)})`,
  tooFew: (p) => `has ${String(p.count)} items (at least ${String(p.min)})`,
  optionKeysDiffer: (p) =>
    `keys ${String(p.keys)} differ from the first language's (${String(p.expected)})`,
  folderName: (p) => `does not match the folder name (${String(p.expected)})`,
  answerMissing: (p) => `question ${String(p.question)} has no correct answer`,
  answerCount: (p) =>
    `question ${String(p.question)} must have exactly one correct answer (got ${String(p.count)})`,
  answerNotOption: (p) =>
    `"${String(p.answer)}" is not an option of question ${String(p.question)} (${String(p.keys)})`,
  noSuchQuestion: (p) =>
    `no question ${String(p.question)} in module.json (questions are numbered 1 to ${String(p.count)})`,
};

/** The problem in English, for the command line and the logs: `<field>: <what is wrong>`. */
export function describeContentProblem(problem: ContentProblem): string {
  const what = english[problem.code](problem.params ?? {});
  return problem.field === '' ? what : `${problem.field}: ${what}`;
}
