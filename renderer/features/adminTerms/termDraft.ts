import { LANGUAGES } from '../../../shared/catalog';
import type { ContentProblem } from '../../../shared/content/problems';
import { checkTerm, type TermInput, type TermTextInput } from '../../../shared/content/termRules';

/** The fields of one language, in the order the editor shows them. */
export const TEXT_FIELDS = [
  'title',
  'short_definition',
  'body',
  'example',
] as const satisfies readonly (keyof TermTextInput)[];

/** A term's fields as typed in the editor: the category is '' until one is chosen. */
export type TermDraft = TermInput;

export function emptyDraft(): TermDraft {
  const text = (): TermTextInput => ({ title: '', short_definition: '', body: '', example: '' });
  return {
    slug: '',
    category: '',
    related: [],
    translations: { fr: text(), en: text(), es: text() },
  };
}

/** The field a problem is shown next to: `related[2]` is the related terms' one field. */
export function fieldOfProblem(problem: ContentProblem): string {
  return problem.field.replace(/\[\d+\]$/, '');
}

/**
 * Every problem of the draft by the editor's fields: the shared term rules, plus a slug another
 * term already has (`otherSlugs`: the slugs of every term but the one being edited).
 */
export function problemsByField(
  draft: TermDraft,
  otherSlugs: ReadonlySet<string>,
): Map<string, ContentProblem[]> {
  // An unchosen category is missing, not "not allowed".
  const input = { ...draft, category: draft.category === '' ? undefined : draft.category };
  const problems = checkTerm(input, { knownSlugs: otherSlugs });
  if (otherSlugs.has(draft.slug)) problems.unshift({ field: 'slug', code: 'taken' });
  const byField = new Map<string, ContentProblem[]>();
  for (const problem of problems) {
    const field = fieldOfProblem(problem);
    byField.set(field, [...(byField.get(field) ?? []), problem]);
  }
  return byField;
}

/** The editor's fields in the order they appear, to move the focus to the first invalid one. */
export const FIELD_ORDER: readonly string[] = [
  'slug',
  'category',
  'related',
  ...LANGUAGES.flatMap((language) =>
    TEXT_FIELDS.map((field) => `translations.${language}.${field}`),
  ),
];

/** The same draft, compared by value (the editor's "unsaved changes"). */
export function sameDraft(a: TermDraft, b: TermDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
