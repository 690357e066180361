import * as v from 'valibot';
import { LANGUAGES, type Language } from '../catalog.ts';
import type { ContentProblem } from './problems.ts';
import {
  checkWith,
  fields,
  httpsUrl,
  integerAtLeast,
  isoDate,
  LIST_ITEM_MAX_LENGTH,
  optionalText,
  perLanguage,
  pathOf,
  problemMessage,
  says,
  text,
  textList,
  URL_MAX_LENGTH,
  type ProblemParams,
} from './textRules.ts';

/**
 * What a token sheet must be to be published, written once for `npm run content:check` and the
 * seed (server/seed/schema.ts), the admin's sheet editor and the content generator. The lengths
 * match what `public.admin_save_token` (supabase/migrations/20261127000002_admin_tokens.sql)
 * checks again on the server.
 */

/** The market-data provider's id (CoinGecko): lower case, digits, ".", "_" and "-". */
export const TOKEN_ID = /^[a-z0-9][a-z0-9._-]*$/;
export const TOKEN_ID_MAX_LENGTH = 100;
export const TOKEN_SYMBOL_MAX_LENGTH = 20;
export const TOKEN_NAME_MAX_LENGTH = 100;
/** Sheets ranked this high (or higher) carry the in-depth sections: history, technology, ecosystem. */
export const IN_DEPTH_RANK = 50;
/** A sheet's provider link is this page followed by its id. */
export const PROVIDER_PAGE = 'https://www.coingecko.com/en/coins/';

export const TOKEN_TEXT_SECTIONS = [
  'about',
  'quick_summary',
  'use_cases',
  'strengths',
  'challenges',
  'how_to_buy',
  'how_to_store',
  'common_mistakes',
  'history',
  'technology',
  'ecosystem',
] as const;
export type TokenTextSection = (typeof TOKEN_TEXT_SECTIONS)[number];

/** The sections that are lists of short texts (the others are one text). */
export const TOKEN_LIST_SECTIONS: readonly TokenTextSection[] = [
  'use_cases',
  'strengths',
  'challenges',
  'common_mistakes',
];

/** The sections required of the top IN_DEPTH_RANK sheets only, in all languages or none. */
export const TOKEN_IN_DEPTH_SECTIONS = [
  'history',
  'technology',
  'ecosystem',
] as const satisfies readonly TokenTextSection[];

/** How many items a list section holds. */
export const TOKEN_LIST_SIZE = { min: 1, max: 20 } as const;

/** The longest text of each one-text section, and of one item of each list section. */
export const TOKEN_SECTION_MAX_LENGTH: Readonly<Record<TokenTextSection, number>> = {
  about: 10_000,
  quick_summary: 1_000,
  use_cases: LIST_ITEM_MAX_LENGTH,
  strengths: LIST_ITEM_MAX_LENGTH,
  challenges: LIST_ITEM_MAX_LENGTH,
  how_to_buy: 10_000,
  how_to_store: 10_000,
  common_mistakes: LIST_ITEM_MAX_LENGTH,
  history: 10_000,
  technology: 10_000,
  ecosystem: 10_000,
};

export interface TokenTextInput {
  about: string;
  quick_summary: string;
  use_cases: string[];
  strengths: string[];
  challenges: string[];
  how_to_buy: string;
  how_to_store: string;
  common_mistakes: string[];
  history: string | null;
  technology: string | null;
  ecosystem: string | null;
}

/** A sheet as content/tokens/<id>.json holds it, and as the admin page saves it. */
export interface TokenInput {
  id: string;
  symbol: string;
  name: string;
  rank: number;
  links: { website: string; whitepaper: string | null; provider: string };
  last_reviewed: string;
  translations: Record<Language, TokenTextInput>;
}

export function isListSection(section: TokenTextSection): boolean {
  return TOKEN_LIST_SECTIONS.includes(section);
}

export function isInDepthSection(section: TokenTextSection): boolean {
  return (TOKEN_IN_DEPTH_SECTIONS as readonly TokenTextSection[]).includes(section);
}

/** The provider's page of the sheet with this id: its required `links.provider`. */
export function providerPage(id: string): string {
  return `${PROVIDER_PAGE}${id}`;
}

/** Whether the sheet of this rank must carry the in-depth sections. */
export function needsInDepth(rank: number | null): boolean {
  return rank !== null && Number.isInteger(rank) && rank >= 1 && rank <= IN_DEPTH_RANK;
}

// ---------------------------------------------------------------------------------------------
// Schemas

/** One section's value in one language; the in-depth ones may be absent (required by rank). */
function sectionSchema(section: TokenTextSection) {
  const max = TOKEN_SECTION_MAX_LENGTH[section];
  if (isListSection(section)) return textList(TOKEN_LIST_SIZE, max);
  return isInDepthSection(section) ? optionalText(max) : text(max);
}

const tokenText = fields(
  Object.fromEntries(
    TOKEN_TEXT_SECTIONS.map((section) => [section, sectionSchema(section)]),
  ) as Record<TokenTextSection, ReturnType<typeof sectionSchema>>,
);

const tokenId = v.pipe(
  text(TOKEN_ID_MAX_LENGTH),
  v.check((value) => TOKEN_ID.test(value), says('tokenIdShape')),
);

const token = fields({
  id: tokenId,
  symbol: v.pipe(
    text(TOKEN_SYMBOL_MAX_LENGTH),
    v.check((value) => value === value.toUpperCase(), says('symbolCase')),
  ),
  name: text(TOKEN_NAME_MAX_LENGTH),
  rank: integerAtLeast(1),
  links: fields({
    website: httpsUrl(),
    whitepaper: v.nullish(httpsUrl()),
    provider: httpsUrl(),
  }),
  last_reviewed: isoDate(),
  translations: perLanguage(tokenText),
});

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPresent = (value: unknown): boolean => value !== undefined && value !== null;

interface RuleIssue {
  keys: readonly [string, ...string[]];
  code: Parameters<typeof problemMessage>[0];
  params?: ProblemParams;
}

/**
 * The rules across languages of the in-depth sections of `translations` (an unchecked value):
 * each one required in every language of a top sheet, and present in all languages or none.
 */
function inDepthIssues(
  translations: unknown,
  sections: readonly TokenTextSection[],
  rank: number | null,
): RuleIssue[] {
  if (!isObject(translations)) return [];
  const issues: RuleIssue[] = [];
  // A language missing altogether is reported once, as missing: not section by section.
  const written = LANGUAGES.filter((language) => isObject(translations[language]));
  for (const section of sections.filter(isInDepthSection)) {
    const present = written.filter((language) =>
      isPresent((translations[language] as Json)[section]),
    );
    if (needsInDepth(rank)) {
      for (const language of written) {
        if (!present.includes(language)) {
          issues.push({
            keys: ['translations', language, section],
            code: 'inDepthRequired',
            params: { rank: IN_DEPTH_RANK },
          });
        }
      }
    }
    if (present.length !== 0 && present.length !== written.length) {
      issues.push({
        keys: ['translations', '*', section],
        code: 'inDepthPartial',
        params: { languages: present.join(', ') },
      });
    }
  }
  return issues;
}

/** A Valibot check that adds the issues `find` returns for the value being checked. */
function crossRule<TInput>(find: (value: unknown) => RuleIssue[]) {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    for (const issue of find(dataset.value)) {
      addIssue({ message: problemMessage(issue.code, issue.params), path: pathOf(issue.keys) });
    }
  });
}

const rankOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;

const tokenSchema = v.pipe(
  token,
  crossRule<v.InferOutput<typeof token>>((value) => {
    if (!isObject(value)) return [];
    const issues = inDepthIssues(value.translations, TOKEN_TEXT_SECTIONS, rankOf(value.rank));
    // The provider link is the provider's page of this very id.
    const { id, links } = value;
    const provider = isObject(links) ? links.provider : undefined;
    if (
      typeof id === 'string' &&
      TOKEN_ID.test(id) &&
      id.length <= TOKEN_ID_MAX_LENGTH &&
      typeof provider === 'string' &&
      provider.length <= URL_MAX_LENGTH &&
      provider !== providerPage(id)
    ) {
      issues.push({
        keys: ['links', 'provider'],
        code: 'providerLink',
        params: { expected: providerPage(id) },
      });
    }
    return issues;
  }),
);

/** Every problem of a sheet (the shape of content/tokens/<id>.json); [] when it can be published. */
export function checkToken(input: unknown): ContentProblem[] {
  return checkWith(tokenSchema, input);
}

/**
 * One section in the three languages (`{ fr, en, es }` of a string, or of a list of strings for
 * the list sections); rank decides whether the in-depth sections are required. The problems
 * name their field as checkToken does (`translations.es.use_cases[2]`), so a form shows both
 * next to the same input.
 */
export function checkTokenSection(
  section: TokenTextSection,
  texts: unknown,
  rank: number | null,
): ContentProblem[] {
  const languages = isObject(texts) ? [...new Set([...LANGUAGES, ...Object.keys(texts)])] : [];
  const translations = isObject(texts)
    ? Object.fromEntries(languages.map((language) => [language, { [section]: texts[language] }]))
    : texts;
  const shape = fields({
    translations: perLanguage(fields({ [section]: sectionSchema(section) })),
  });
  const schema = v.pipe(
    shape,
    crossRule<v.InferOutput<typeof shape>>((value) =>
      isObject(value) ? inDepthIssues(value.translations, [section], rankOf(rank)) : [],
    ),
  );
  return checkWith(schema, { translations });
}
