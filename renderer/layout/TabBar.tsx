import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { TAB_BAR_LINKS } from './navigation';
import { NavigationIcon } from './navigationIcons';

/** The phone's bottom bar: five tabs, the active one only on an exact path match. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" aria-label={t('nav.tabBar')}>
      {TAB_BAR_LINKS.map((link) => {
        const active = pathname === link.to;
        return (
          <Link
            key={link.to}
            to={link.to}
            className={active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'}
            aria-current={active ? 'page' : undefined}
          >
            <NavigationIcon to={link.to} className="tab-bar__icon" />
            <span className="tab-bar__label">{t(link.label)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
