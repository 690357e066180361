import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { resendConfirmation, sendSignInLink } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { CodeForm } from './CodeForm';
import { useAccountAction } from './useAccountAction';
import { useCooldown } from './useCooldown';

/**
 * The stack sends at most one mail of a kind per address and per minute (GoTrue's default);
 * the button waits as long, and the server's own answer wins when it asks for longer.
 */
export const MAIL_INTERVAL_SECONDS = 60;

/**
 * After a confirmation or sign-in mail went out: follow the link, or type the mail's 6-digit
 * code here (the only way in the desktop app, whose links open the web site); send it again
 * once a minute.
 */
export function CheckInbox({
  email,
  kind,
  redirectTo,
  onOtherAddress,
}: {
  email: string;
  kind: 'signUp' | 'link';
  redirectTo: string;
  onOtherAddress: () => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resend = useAccountAction();
  const cooldown = useCooldown(MAIL_INTERVAL_SECONDS);
  const startCooldown = cooldown.start;

  // The form that was here is gone: the focus goes to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const sendAgain = async () => {
    if (cooldown.remaining > 0 || resend.state.phase === 'busy') return;
    const sent = await resend.run((client) =>
      kind === 'signUp'
        ? resendConfirmation(client, email, redirectTo)
        : sendSignInLink(client, email, redirectTo),
    );
    if (sent) cooldown.start(MAIL_INTERVAL_SECONDS);
  };
  useEffect(() => {
    if (resend.state.phase === 'failed' && resend.state.problem.kind === 'rateLimited') {
      startCooldown(resend.state.problem.seconds ?? MAIL_INTERVAL_SECONDS);
    }
  }, [resend.state, startCooldown]);

  return (
    <section className="check-inbox" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="check-inbox__title">
        {t('inbox.title')}
      </h2>
      <p>{t(kind === 'signUp' ? 'inbox.sentSignUp' : 'inbox.sentLink', { email })}</p>
      <p>{t('inbox.followLink')}</p>
      <CodeForm email={email} purpose="signIn" submitLabel={t('inbox.codeSubmit')} />
      <div className="check-inbox__resend">
        <p>{t('inbox.limitNote')}</p>
        <button
          type="button"
          className="button-link"
          aria-disabled={cooldown.remaining > 0 || resend.state.phase === 'busy' || undefined}
          onClick={() => {
            void sendAgain();
          }}
        >
          {t('inbox.resend')}
        </button>
        {/* Not a live region: a countdown read out every second would drown everything else. */}
        {cooldown.remaining > 0 && (
          <p className="check-inbox__wait">{t('inbox.resendIn', { count: cooldown.remaining })}</p>
        )}
        <ActionStatus
          progress={resend.state.phase === 'busy' ? t('link.busy') : null}
          success={resend.state.phase === 'done' && <p>{t('inbox.resent')}</p>}
          failure={
            resend.state.phase === 'failed' && <AuthProblemText problem={resend.state.problem} />
          }
        />
        <p>{t('inbox.notReceived')}</p>
        <button type="button" className="button-link" onClick={onOtherAddress}>
          {t('inbox.otherAddress')}
        </button>
      </div>
    </section>
  );
}
