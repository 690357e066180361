import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useAtomValue, useSetAtom } from 'jotai';
import type { Language } from '../i18n/languages';
import { languageAtom } from '../settings/languageAtoms';
import { effectiveThemeAtom, systemPrefersDarkAtom } from '../settings/themeAtoms';

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  fr: () => import('antd/es/locale/fr_FR'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
};

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** antd's algorithm and locale, `<html lang>` and the page colours, all from the two atoms. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const language = useAtomValue(languageAtom);
  const theme = useAtomValue(effectiveThemeAtom);
  const setSystemPrefersDark = useSetAtom(systemPrefersDarkAtom);
  const [locale, setLocale] = useState<Locale | undefined>(undefined);

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
    let current = true;
    antdLocales[language]().then(
      (module) => {
        if (current) setLocale(module.default);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: '#4f46e5', borderRadius: 8, fontFamily: 'inherit' },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
