import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

// Each language/namespace pair is its own small chunk, fetched only when first needed.
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to configure: the loaders above are known at build time.
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No locale file ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => {
        callback(null, module.default);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/** Starts i18next in the given language and resolves once the shared namespace is loaded. */
export async function startI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
}
