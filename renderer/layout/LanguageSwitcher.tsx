import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../i18n/languages';
import { changeLanguageAtom, languageAtom } from '../settings/languageAtoms';
import { MenuDropdown } from './MenuDropdown';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const changeLanguage = useSetAtom(changeLanguageAtom);
  return (
    <MenuDropdown
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({
          key: code,
          label: <span lang={code}>{LANGUAGE_NAMES[code]}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.current', { name: LANGUAGE_NAMES[language] })}
        className="header-control"
      >
        {language.toUpperCase()}
      </Button>
    </MenuDropdown>
  );
}
