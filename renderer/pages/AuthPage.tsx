import '../styles/account.css';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { linkTarget } from '../features/account/authApi';
import { CheckInbox } from '../features/account/CheckInbox';
import { LinkCallbackNotice } from '../features/account/LinkCallbackNotice';
import { authPathFrom, returnPath } from '../features/account/returnPath';
import { SignInForm } from '../features/account/SignInForm';
import { SignInLinkForm } from '../features/account/SignInLinkForm';
import { SignUpForm } from '../features/account/SignUpForm';
import { useReturnWhenSignedIn } from '../features/account/useReturnWhenSignedIn';
import { PageSpinner } from '../layout/PageSpinner';
import { currentUserAtom, sessionAtom } from '../session/sessionAtoms';
import { ModeSwitcher } from './parts/ModeSwitcher';
import { PageHeading } from './parts/PageHeading';

const AUTH_MODES = ['signIn', 'signUp', 'link'] as const;
type AuthMode = (typeof AUTH_MODES)[number];

const readMode = (value: string | null): AuthMode =>
  AUTH_MODES.find((mode) => mode === value) ?? 'signIn';

export default function AuthPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const mode = readMode(params.get('mode'));
  const next = returnPath(params.get('next'));
  // Emailed links land back here, which then sends the person on to `next`.
  const redirectTo = linkTarget(authPathFrom(next));
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const [inbox, setInbox] = useState<{ email: string; mode: AuthMode } | null>(null);
  useReturnWhenSignedIn(next);

  if (session.status === 'loading' || user) return <PageSpinner />;

  const modeLink = (target: AuthMode) => {
    const search = new URLSearchParams();
    if (target !== 'signIn') search.set('mode', target);
    if (next !== '/') search.set('next', next);
    return { search: search.toString() };
  };
  const mailSentIn = (sentMode: AuthMode) => (email: string) => {
    setInbox({ email, mode: sentMode });
  };

  return (
    <article className="page auth-page">
      <PageHeading page="auth" />
      <LinkCallbackNotice />
      <ModeSwitcher
        label={t('modes.label')}
        current={mode}
        modes={AUTH_MODES.map((key) => ({ key, label: t(`modes.${key}`), to: modeLink(key) }))}
      />
      {inbox?.mode === mode ? (
        <CheckInbox
          email={inbox.email}
          kind={mode === 'link' ? 'link' : 'signUp'}
          redirectTo={redirectTo}
          onOtherAddress={() => {
            setInbox(null);
          }}
        />
      ) : mode === 'signUp' ? (
        <SignUpForm redirectTo={redirectTo} onMailSent={mailSentIn('signUp')} />
      ) : mode === 'link' ? (
        <SignInLinkForm redirectTo={redirectTo} onMailSent={mailSentIn('link')} />
      ) : (
        <SignInForm redirectTo={redirectTo} onConfirmationSent={mailSentIn('signIn')} />
      )}
    </article>
  );
}
