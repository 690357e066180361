/** The product's languages. French is the default and the source of the typed keys. */
export const LANGUAGES = ['fr', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export const NAMESPACES = [
  'common',
  'pages',
  'home',
  'strategies',
  'risks',
  'faq',
  'about',
  'legal',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Each language's own name, shown in the switcher whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  es: 'Español',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
