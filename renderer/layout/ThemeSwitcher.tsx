import type { ReactNode } from 'react';
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  THEME_PREFERENCES,
  changeThemeAtom,
  isThemePreference,
  themePreferenceAtom,
  type ThemePreference,
} from '../settings/themeAtoms';
import { MenuButton } from './MenuButton';

const icons: Record<ThemePreference, ReactNode> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />,
};

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const preference = useAtomValue(themePreferenceAtom);
  const changeTheme = useSetAtom(changeThemeAtom);
  return (
    <MenuButton
      className="header-control"
      align="end"
      ariaLabel={t('theme.current', { name: t(`theme.${preference}`) })}
      label={<span aria-hidden="true">{icons[preference]}</span>}
      entries={THEME_PREFERENCES.map((option) => ({
        key: option,
        icon: icons[option],
        label: t(`theme.${option}`),
        checked: option === preference,
      }))}
      onSelect={(key) => {
        if (isThemePreference(key)) void changeTheme(key);
      }}
    />
  );
}
