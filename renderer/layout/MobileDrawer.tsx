import { useEffect, useRef, type ReactNode } from 'react';
import {
  CloseOutlined,
  DashboardOutlined,
  HeartOutlined,
  LoginOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { AdminLinkBadge } from './AdminLinkBadge';
import { useLoginPath } from '../features/account/useLoginPath';
import { isAdminAtom } from '../session/accountAtoms';
import { currentUserAtom } from '../session/sessionAtoms';
import { useLogout } from '../session/useLogout';
import { DRAWER_LINKS } from './navigation';
import { NavigationIcon } from './navigationIcons';
import './mobile-drawer.css';

interface MobileDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * The side menu below 768px: every link, the account section, logout. A modal <dialog> gives the
 * focus trap, Escape and the inert page behind it natively, and hands focus back on close.
 */
export function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const logout = useLogout();
  const loginPath = useLoginPath();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const item = (to: string, label: string, icon?: ReactNode, badge?: ReactNode) => (
    <li key={to}>
      <NavLink
        to={to}
        end
        className={({ isActive }) =>
          isActive ? 'drawer-nav__link drawer-nav__link--active' : 'drawer-nav__link'
        }
        onClick={onClose}
      >
        {icon && <span aria-hidden="true">{icon}</span>}
        {label}
        {badge}
      </NavLink>
    </li>
  );

  return (
    <dialog
      ref={dialog}
      id="mobile-drawer"
      className="drawer"
      aria-labelledby="mobile-drawer-title"
      onClose={(event) => {
        // The close event arrives a task after close(): by then a quick reader may have opened
        // the menu again, and a late event must not shut it.
        if (!event.currentTarget.open) onClose();
      }}
      onClick={(event) => {
        // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 id="mobile-drawer-title" className="drawer__title">
            {t('nav.menuTitle')}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('nav.closeMenu')}
            onClick={onClose}
          >
            <CloseOutlined aria-hidden="true" />
          </button>
        </div>
        <nav aria-label={t('nav.mainNavigation')}>
          <ul className="drawer-nav">
            {DRAWER_LINKS.map((link) =>
              item(link.to, t(link.label), <NavigationIcon to={link.to} />),
            )}
          </ul>
          {isAdmin && (
            <ul className="drawer-nav drawer-nav--section">
              {item('/admin', t('nav.admin'), <DashboardOutlined />, <AdminLinkBadge />)}
            </ul>
          )}
          {user ? (
            <section className="drawer-account" aria-labelledby="drawer-account-title">
              <h3 id="drawer-account-title" className="drawer-account__title">
                {t('nav.account')}
              </h3>
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
                <LogoutOutlined aria-hidden="true" />
                {t('nav.logout')}
              </button>
            </section>
          ) : (
            <ul className="drawer-nav drawer-nav--section">
              {item(loginPath, t('nav.login'), <LoginOutlined />)}
            </ul>
          )}
        </nav>
      </div>
    </dialog>
  );
}
