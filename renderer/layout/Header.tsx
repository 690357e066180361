import { useState } from 'react';
import { DownOutlined, MenuOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { isAdminAtom } from '../session/accountAtoms';
import { AccountMenu } from './AccountMenu';
import { BrandLink } from './BrandLogo';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MobileDrawer } from './MobileDrawer';
import { PRIMARY_LINKS, RESOURCE_LINKS } from './navigation';
import { ThemeSwitcher } from './ThemeSwitcher';
import { AdminLinkBadge } from './AdminLinkBadge';
import { MenuButton } from './MenuButton';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'header-nav__link header-nav__link--active' : 'header-nav__link';

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isAdmin = useAtomValue(isAdminAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const resourcesActive = RESOURCE_LINKS.some((link) => pathname === link.to);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <BrandLink />

        <nav className="header-nav" aria-label={t('nav.mainNavigation')}>
          {PRIMARY_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navClass}>
              {t(link.label)}
            </NavLink>
          ))}
          <MenuButton
            className={
              resourcesActive ? 'header-nav__menu header-nav__menu--active' : 'header-nav__menu'
            }
            label={
              <>
                {t('nav.resources')} <DownOutlined aria-hidden="true" />
              </>
            }
            entries={RESOURCE_LINKS.map((link) => ({ key: link.to, label: t(link.label) }))}
            onSelect={(key) => void navigate(key)}
          />
          {isAdmin && (
            <NavLink to="/admin" className={navClass}>
              {t('nav.admin')}
              <AdminLinkBadge />
            </NavLink>
          )}
        </nav>

        <div className="header-actions">
          <LanguageSwitcher />
          <ThemeSwitcher />
          <div className="header-actions__account">
            <AccountMenu />
          </div>
          <button
            type="button"
            className="icon-button header-menu-button"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            onClick={() => {
              setDrawerOpen(true);
            }}
          >
            <MenuOutlined aria-hidden="true" />
          </button>
        </div>
      </div>
      <MobileDrawer
        open={drawerOpen}
        onClose={() => {
          setDrawerOpen(false);
        }}
      />
    </header>
  );
}
