import '../styles/account.css';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LinkCallbackNotice } from '../features/account/LinkCallbackNotice';
import { NewPasswordForm } from '../features/account/NewPasswordForm';
import { ResetRequestForm } from '../features/account/ResetRequestForm';
import { PageSpinner } from '../layout/PageSpinner';
import { currentUserAtom, passwordRecoveryAtom, sessionAtom } from '../session/sessionAtoms';
import { PageHeading } from './parts/PageHeading';

/**
 * Forgotten password: ask for a mail, then, signed in by its link or its code, choose the new
 * password.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const recovering = useAtomValue(passwordRecoveryAtom);

  if (session.status === 'loading') return <PageSpinner />;
  const choosing = recovering && user !== null;
  return (
    <article className="page auth-page">
      <PageHeading page="resetPassword" />
      {!choosing && <LinkCallbackNotice />}
      {choosing ? <NewPasswordForm /> : <ResetRequestForm />}
      <p className="auth-page__back">
        <Link to="/auth" className="text-link">
          {t('reset.backToLogin')}
        </Link>
      </p>
    </article>
  );
}
