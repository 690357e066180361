import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from './AccountForm';
import { EmailField } from './AccountFields';
import { sendSignInLink } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAccountAction } from './useAccountAction';
import { useEmailError } from './useEmailError';

/** Passwordless sign-in: a mail with a link and a 6-digit code, for an existing account. */
export function SignInLinkForm({
  redirectTo,
  onMailSent,
}: {
  redirectTo: string;
  onMailSent: (email: string) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const emailError = useEmailError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const problem = emailError(email);
        if (problem !== undefined) {
          setError(problem);
          action.reset();
          focusField(form, 'email');
          return;
        }
        setError(undefined);
        const address = email.trim();
        void action
          .run((client) => sendSignInLink(client, address, redirectTo))
          .then((sent) => {
            if (sent) onMailSent(address);
          });
      }}
    >
      <p className="form-card__intro">{t('link.intro')}</p>
      <EmailField
        id={`${id}-email`}
        label={t('fields.email')}
        value={email}
        error={error}
        onChange={setEmail}
      />
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('link.submit')} busyLabel={t('link.busy')} />
        <ActionStatus
          progress={busy ? t('link.busy') : null}
          failure={
            action.state.phase === 'failed' && <AuthProblemText problem={action.state.problem} />
          }
        />
      </div>
    </AccountForm>
  );
}
