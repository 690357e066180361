import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Access, PageKey } from '../../app/routeTable';
import { PageSpinner } from '../../layout/PageSpinner';
import { isAdminAtom } from '../../session/accountAtoms';
import { currentUserAtom, sessionAtom } from '../../session/sessionAtoms';
import { NoticePanel } from './NoticePanel';
import { PageHeading } from './PageHeading';

/**
 * Shows a page only to whom it is for. This is comfort, not security: the server's RLS and
 * functions refuse the data to anyone else whatever the UI does.
 */
export function AccessGate({
  access,
  page,
  children,
}: {
  access: Exclude<Access, 'public'>;
  page: PageKey;
  children: ReactNode;
}) {
  const { t } = useTranslation('pages');
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const isAdmin = useAtomValue(isAdminAtom);

  if (session.status === 'loading') return <PageSpinner />;
  if (!user) {
    return (
      <article className="page">
        <PageHeading page={page} />
        <NoticePanel message={t('state.signInRequired')}>
          <Link to="/auth" className="text-link">
            {t('state.signIn')}
          </Link>
        </NoticePanel>
      </article>
    );
  }
  if (access === 'admin' && !isAdmin) {
    return (
      <article className="page">
        <PageHeading page={page} />
        <NoticePanel message={t('state.adminOnly')}>
          <Link to="/" className="text-link">
            {t('state.backHome')}
          </Link>
        </NoticePanel>
      </article>
    );
  }
  return children;
}
