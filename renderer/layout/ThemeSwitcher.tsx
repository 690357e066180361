import type { ReactNode } from 'react';
import { Button } from 'antd';
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
import { MenuDropdown } from './MenuDropdown';

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
    <MenuDropdown
      menu={{
        selectable: true,
        selectedKeys: [preference],
        items: THEME_PREFERENCES.map((option) => ({
          key: option,
          icon: icons[option],
          label: t(`theme.${option}`),
        })),
        onClick: ({ key }) => {
          if (isThemePreference(key)) void changeTheme(key);
        },
      }}
    >
      <Button
        type="text"
        icon={icons[preference]}
        aria-label={t('theme.current', { name: t(`theme.${preference}`) })}
        className="header-control"
      />
    </MenuDropdown>
  );
}
