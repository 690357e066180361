import { Drawer } from 'antd';
import {
  DashboardOutlined,
  HeartOutlined,
  LoginOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { isAdminAtom } from '../session/accountAtoms';
import { currentUserAtom } from '../session/sessionAtoms';
import { useLogout } from '../session/useLogout';
import { DRAWER_LINKS } from './navigation';
import { SMALL_UP, useMediaQuery } from './useMediaQuery';

interface MobileDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The side menu below 768px: every link, the account section, logout. */
export function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const logout = useLogout();
  const wide = useMediaQuery(SMALL_UP);

  const item = (to: string, label: string, icon?: ReactNode) => (
    <li key={to}>
      <NavLink
        to={to}
        end
        className={({ isActive }) =>
          isActive ? 'drawer-nav__link drawer-nav__link--active' : 'drawer-nav__link'
        }
        onClick={onClose}
      >
        {icon}
        {label}
      </NavLink>
    </li>
  );

  return (
    <Drawer
      id="mobile-drawer"
      title={t('nav.menuTitle')}
      placement="right"
      open={open}
      onClose={onClose}
      size={wide ? 320 : 280}
      className="mobile-drawer"
    >
      <nav aria-label={t('nav.mainNavigation')}>
        <ul className="drawer-nav">{DRAWER_LINKS.map((link) => item(link.to, t(link.label)))}</ul>
        {isAdmin && (
          <ul className="drawer-nav drawer-nav--section">
            {item('/admin', t('nav.admin'), <DashboardOutlined />)}
          </ul>
        )}
        {user ? (
          <section className="drawer-account" aria-label={t('nav.account')}>
            <h2 className="drawer-account__title">{t('nav.account')}</h2>
            {user.email && <p className="drawer-account__email">{user.email}</p>}
            <ul className="drawer-nav">
              {item('/profile', t('nav.profile'), <UserOutlined />)}
              {item('/favorites', t('nav.favorites'), <HeartOutlined />)}
            </ul>
            <button
              type="button"
              className="drawer-nav__link drawer-nav__logout"
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              <LogoutOutlined />
              {t('nav.logout')}
            </button>
          </section>
        ) : (
          <ul className="drawer-nav drawer-nav--section">
            {item('/auth', t('nav.login'), <LoginOutlined />)}
          </ul>
        )}
      </nav>
    </Drawer>
  );
}
