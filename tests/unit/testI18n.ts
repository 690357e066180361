import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../renderer/i18n/languages';
import enCommon from '../../renderer/i18n/locales/en/common.json';
import enPages from '../../renderer/i18n/locales/en/pages.json';
import frCommon from '../../renderer/i18n/locales/fr/common.json';
import frPages from '../../renderer/i18n/locales/fr/pages.json';

/** i18next with the real texts loaded synchronously, for component tests. */
export async function startTestI18n(language: Language) {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'fr',
    resources: {
      en: { common: enCommon, pages: enPages },
      fr: { common: frCommon, pages: frPages },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18next;
}
