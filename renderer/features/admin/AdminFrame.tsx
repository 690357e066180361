import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { AntdTheme } from '../../app/AntdTheme';
import type { PageKey } from '../../app/routeTable';
import { AdminLinkBadge } from '../../layout/AdminLinkBadge';
import { PageHeading } from '../../pages/parts/PageHeading';
import './admin.css';

const SECTIONS = [
  { to: '/admin/dashboard', label: 'nav.dashboard' },
  { to: '/admin/terms', label: 'nav.terms' },
  { to: '/admin/tokens', label: 'nav.tokens' },
  { to: '/admin/content-generator', label: 'nav.generator' },
  { to: '/admin/users', label: 'nav.users' },
  { to: '/admin/messages', label: 'nav.messages' },
] as const;

/**
 * The frame of every admin page: its heading, the admin sections as tabs of links, and antd's
 * theme (admin pages may use antd's Table and Form; their code loads only on admin routes).
 */
export function AdminFrame({ page, children }: { page: PageKey; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <AntdTheme>
      <article className="page admin-page">
        <PageHeading page={page} />
        <nav className="admin-nav" aria-label={t('nav.label')}>
          {SECTIONS.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              className={({ isActive }) =>
                isActive || (page === 'admin' && section.to === '/admin/dashboard')
                  ? 'admin-nav__link admin-nav__link--active'
                  : 'admin-nav__link'
              }
              aria-current={
                page === 'admin' && section.to === '/admin/dashboard' ? 'page' : undefined
              }
            >
              {t(section.label)}
              {section.to === '/admin/messages' && <AdminLinkBadge />}
            </NavLink>
          ))}
        </nav>
        {children}
      </article>
    </AntdTheme>
  );
}
