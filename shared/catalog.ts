/** The product's languages. French is the default. */
export const LANGUAGES = ['fr', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The dictionary's seven categories, in the order the filter chips show them. */
export const TERM_CATEGORIES = [
  'technology',
  'security',
  'trading',
  'defi',
  'tokens',
  'markets',
  'governance',
] as const;
export type TermCategory = (typeof TERM_CATEGORIES)[number];

export function isTermCategory(value: unknown): value is TermCategory {
  return typeof value === 'string' && (TERM_CATEGORIES as readonly string[]).includes(value);
}
