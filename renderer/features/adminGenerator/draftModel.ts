import type { Language } from '../../../shared/catalog';
import type { ContentProblem } from '../../../shared/content/problems';
import { checkTerm, type TermInput, type TermTextInput } from '../../../shared/content/termRules';
import {
  checkTokenSection,
  isListSection,
  type TokenTextSection,
} from '../../../shared/content/tokenRules';

// A draft as the review form edits it, and back: the related slugs and the list items are
// edited as typed text (a comma-separated line, one item per line), so that typing is never
// rewritten under the cursor, and read into the payload only to check and to send it.

export const TERM_TEXT_FIELDS = ['title', 'short_definition', 'body', 'example'] as const;

export interface TermForm {
  slug: string;
  category: string;
  related: string;
  translations: Record<Language, TermTextInput>;
}

/** One text per language; for a list section, one item per line. */
export type SectionForm = Record<Language, string>;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The same value for each language. */
function perLanguage<T>(valueOf: (language: Language) => T): Record<Language, T> {
  return { fr: valueOf('fr'), en: valueOf('en'), es: valueOf('es') };
}

export function termFormOf(payload: unknown): TermForm {
  const term = asRecord(payload);
  const translations = asRecord(term.translations);
  const related = Array.isArray(term.related)
    ? term.related.filter((slug) => typeof slug === 'string')
    : [];
  return {
    slug: asText(term.slug),
    category: asText(term.category),
    related: related.join(', '),
    translations: perLanguage((language): TermTextInput => {
      const texts = asRecord(translations[language]);
      return {
        title: asText(texts.title),
        short_definition: asText(texts.short_definition),
        body: asText(texts.body),
        example: asText(texts.example),
      };
    }),
  };
}

export function termPayloadOf(form: TermForm): TermInput {
  return {
    slug: form.slug,
    category: form.category,
    related: form.related
      .split(',')
      .map((slug) => slug.trim())
      .filter((slug) => slug !== ''),
    translations: form.translations,
  };
}

export function sectionFormOf(payload: unknown): SectionForm {
  const texts = asRecord(payload);
  return perLanguage((language) => {
    const value = texts[language];
    return Array.isArray(value) ? value.map(asText).join('\n') : asText(value);
  });
}

export function sectionPayloadOf(
  form: SectionForm,
  section: TokenTextSection,
): Record<Language, string | string[]> {
  const list = isListSection(section);
  return perLanguage((language) =>
    list ? form[language].split('\n').filter((line) => line.trim() !== '') : form[language],
  );
}

/**
 * Every problem of a term the generator is about to create: the shared rules, and a slug that
 * already names a term (the generator creates terms; existing ones are edited on their page).
 */
export function termProblems(term: TermInput, knownSlugs: ReadonlySet<string>): ContentProblem[] {
  const problems = checkTerm(term, { knownSlugs });
  if (knownSlugs.has(term.slug)) problems.push({ field: 'slug', code: 'taken' });
  return problems;
}

export function sectionProblems(
  section: TokenTextSection,
  texts: Record<Language, string | string[]>,
  rank: number | null,
): ContentProblem[] {
  return checkTokenSection(section, texts, rank);
}

/** The problems of one field: its own, and those of its list items (`field[2]`). */
export function problemsOf(problems: readonly ContentProblem[], field: string): ContentProblem[] {
  return problems.filter(
    (problem) => problem.field === field || problem.field.startsWith(`${field}[`),
  );
}
