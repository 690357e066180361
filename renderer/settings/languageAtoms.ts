import { atom } from 'jotai';
import i18next from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages';
import { platformAtom } from '../platform/platformAtom';
import { StorageKey } from './storageKeys';

export const languageAtom = atom<Language>(DEFAULT_LANGUAGE);

/** Switches the interface language and remembers the choice; a failed save is not fatal. */
export const changeLanguageAtom = atom(null, async (get, set, language: Language) => {
  await i18next.changeLanguage(language);
  set(languageAtom, language);
  await get(platformAtom)
    .storage.set(StorageKey.language, language)
    .catch(() => undefined);
});
