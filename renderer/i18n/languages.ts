import { type Language } from '../../shared/catalog.ts';

// The languages are defined once in shared/; French is also the source of the typed keys.
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../../shared/catalog.ts';

export const NAMESPACES = [
  'common',
  'pages',
  'home',
  'strategies',
  'risks',
  'faq',
  'about',
  'legal',
  'dictionary',
  'tokens',
  'contact',
  'partners',
  'tools',
  'account',
  'profile',
  'learning',
  'admin',
  'adminTerms',
  'adminTokens',
  'adminPeople',
  'adminGenerator',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Each language's own name, shown in the switcher whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  es: 'Español',
};
