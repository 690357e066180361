import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { languageAtom } from '../settings/languageAtoms';
import { DARK_QUERY, effectiveThemeAtom, systemPrefersDarkAtom } from '../settings/themeAtoms';

/** Keeps `<html lang>`, the theme attribute and the OS colour preference in step with the atoms. */
export function useDocumentPreferences(): void {
  const language = useAtomValue(languageAtom);
  const theme = useAtomValue(effectiveThemeAtom);
  const setSystemPrefersDark = useSetAtom(systemPrefersDarkAtom);

  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const update = () => {
      setSystemPrefersDark(query.matches);
    };
    update();
    query.addEventListener('change', update);
    return () => {
      query.removeEventListener('change', update);
    };
  }, [setSystemPrefersDark]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
}
