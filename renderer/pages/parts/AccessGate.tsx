import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLoginPath } from '../../features/account/useLoginPath';
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
  const loginPath = useLoginPath();

  if (session.status === 'loading') return <PageSpinner />;
  const refusal = !user
    ? {
        message: t('state.signInRequired'),
        to: loginPath,
        action: t('state.signIn'),
      }
    : access === 'admin' && !isAdmin
      ? { message: t('state.adminOnly'), to: '/', action: t('state.backHome') }
      : null;
  if (refusal) {
    return (
      <article className="page">
        <PageHeading page={page} />
        <NoticePanel message={refusal.message}>
          <Link to={refusal.to} className="text-link">
            {refusal.action}
          </Link>
        </NoticePanel>
      </article>
    );
  }
  return children;
}
