import { LANGUAGES, type Language } from '../../../shared/catalog';
import type { ContentProblem } from '../../../shared/content/problems';
import {
  isListSection,
  providerPage,
  TOKEN_IN_DEPTH_SECTIONS,
  TOKEN_TEXT_SECTIONS,
  type TokenTextSection,
} from '../../../shared/content/tokenRules';
import type { StoredSheet } from './api';

// The sheet editor's values, as typed: every field a string, list sections one item per line.
// `tokenInputOf` turns them into a sheet of content/tokens/ shape, which the shared rules check
// as the admin types and the server checks again on save.

export type SectionValues = Record<TokenTextSection, string>;

export interface SheetFormValues {
  id: string;
  symbol: string;
  name: string;
  rank: string;
  website: string;
  whitepaper: string;
  lastReviewed: string;
  texts: Record<Language, SectionValues>;
}

/** The form's fields as the shared rules name them (`links.website`, `translations.fr.about`). */
export type SheetField = string;

const emptyTexts = (): SectionValues =>
  Object.fromEntries(TOKEN_TEXT_SECTIONS.map((section) => [section, ''])) as SectionValues;

/** A blank sheet, reviewed today. */
export function emptySheetForm(today: string): SheetFormValues {
  return {
    id: '',
    symbol: '',
    name: '',
    rank: '',
    website: '',
    whitepaper: '',
    lastReviewed: today,
    texts: { fr: emptyTexts(), en: emptyTexts(), es: emptyTexts() },
  };
}

/** A stored sheet as form values: lists become one item per line. */
export function sheetFormOf(sheet: StoredSheet): SheetFormValues {
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        TOKEN_TEXT_SECTIONS.map((section) => {
          const value = sheet.texts[language][section];
          return [section, Array.isArray(value) ? value.join('\n') : (value ?? '')];
        }),
      ),
    ]),
  ) as SheetFormValues['texts'];
  return {
    id: sheet.id,
    symbol: sheet.symbol,
    name: sheet.name,
    rank: sheet.rank === null ? '' : String(sheet.rank),
    website: sheet.websiteUrl ?? '',
    whitepaper: sheet.whitepaperUrl ?? '',
    lastReviewed: sheet.lastReviewed ?? '',
    texts,
  };
}

/** The items of a list typed one per line: spaces around each dropped, blank lines skipped. */
export function listItems(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The rank typed, as the rules read it: absent when blank, else the number (maybe invalid). */
export function rankOf(values: SheetFormValues): number | undefined {
  const typed = values.rank.trim();
  return typed === '' ? undefined : Number(typed);
}

/**
 * The sheet the form describes, in the shape of content/tokens/<id>.json. Texts are trimmed and
 * an empty optional one (whitepaper, in-depth section) is left out, as a file would leave it.
 */
export function tokenInputOf(values: SheetFormValues): Record<string, unknown> {
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => {
      const typed = values.texts[language];
      return [
        language,
        Object.fromEntries(
          TOKEN_TEXT_SECTIONS.map((section) => {
            if (isListSection(section)) return [section, listItems(typed[section])];
            const text = typed[section].trim();
            const optional = (TOKEN_IN_DEPTH_SECTIONS as readonly string[]).includes(section);
            return [section, text === '' && optional ? null : text];
          }),
        ),
      ];
    }),
  );
  const id = values.id.trim();
  const whitepaper = values.whitepaper.trim();
  return {
    id,
    symbol: values.symbol.trim(),
    name: values.name.trim(),
    rank: rankOf(values),
    links: {
      website: values.website.trim(),
      whitepaper: whitepaper === '' ? null : whitepaper,
      provider: providerPage(id),
    },
    last_reviewed: values.lastReviewed.trim(),
    translations: texts,
  };
}

/** A problem with the list line it concerns (1-based), when it concerns one line. */
export interface FieldProblem extends ContentProblem {
  line?: number;
}

/**
 * The problems grouped by the form field that shows them: `translations.fr.use_cases[2]` goes to
 * the field `translations.fr.use_cases` as line 3.
 */
export function problemsByField(
  problems: readonly ContentProblem[],
): ReadonlyMap<SheetField, FieldProblem[]> {
  const grouped = new Map<SheetField, FieldProblem[]>();
  for (const problem of problems) {
    const item = /^(.*)\[(\d+)\]$/.exec(problem.field);
    const field = item?.[1] ?? problem.field;
    const entry: FieldProblem =
      item?.[2] === undefined ? problem : { ...problem, field, line: Number(item[2]) + 1 };
    grouped.set(field, [...(grouped.get(field) ?? []), entry]);
  }
  return grouped;
}

/** A DOM id for a field name (`translations.*.history` -> `…-translations-all-history`). */
export function fieldDomId(prefix: string, field: SheetField): string {
  return `${prefix}-${field.replaceAll('*', 'all').replaceAll(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Today as YYYY-MM-DD in the admin's own time zone. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
