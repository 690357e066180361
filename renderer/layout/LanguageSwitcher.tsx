import { GlobalOutlined } from '@ant-design/icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../i18n/languages';
import { changeLanguageAtom, languageAtom } from '../settings/languageAtoms';
import { MenuButton } from './MenuButton';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const changeLanguage = useSetAtom(changeLanguageAtom);
  return (
    <MenuButton
      className="header-control"
      align="end"
      ariaLabel={t('language.current', {
        name: LANGUAGE_NAMES[language],
        code: language.toUpperCase(),
      })}
      label={
        <>
          <GlobalOutlined aria-hidden="true" />
          <span>{language.toUpperCase()}</span>
        </>
      }
      entries={LANGUAGES.map((code) => ({
        key: code,
        label: <span lang={code}>{LANGUAGE_NAMES[code]}</span>,
        checked: code === language,
      }))}
      onSelect={(key) => {
        if (isLanguage(key)) void changeLanguage(key);
      }}
    />
  );
}
