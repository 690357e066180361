import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useAtomValue } from 'jotai';
import type { Language } from '../i18n/languages';
import { languageAtom } from '../settings/languageAtoms';
import { effectiveThemeAtom } from '../settings/themeAtoms';

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  fr: () => import('antd/es/locale/fr_FR'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
};

/**
 * antd's theme algorithm and locale, following the language and theme atoms. Pages that use antd
 * components wrap their content in it; the frame does not use antd, so a first visit to `/`
 * downloads no component library.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const language = useAtomValue(languageAtom);
  const theme = useAtomValue(effectiveThemeAtom);
  const [locale, setLocale] = useState<{ language: Language; value: Locale } | null>(null);

  useEffect(() => {
    let current = true;
    antdLocales[language]().then(
      (module) => {
        if (current) setLocale({ language, value: module.default });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <ConfigProvider
      locale={locale?.language === language ? locale.value : undefined}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: theme === 'dark' ? '#818cf8' : '#4f46e5',
          borderRadius: 8,
          fontFamily: 'inherit',
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
