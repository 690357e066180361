import 'i18next';
import type common from './locales/fr/common.json';
import type pages from './locales/fr/pages.json';
import type home from './locales/fr/home.json';

// French is the default language, so its files define the keys every language must have.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; pages: typeof pages; home: typeof home };
  }
}
