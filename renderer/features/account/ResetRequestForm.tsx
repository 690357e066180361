import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from './AccountForm';
import { EmailField } from './AccountFields';
import { linkTarget, requestPasswordReset } from './authApi';
import { CodeForm } from './CodeForm';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAccountAction } from './useAccountAction';
import { useEmailError } from './useEmailError';

/**
 * Asks for a reset mail. The answer is the same whether or not the address has an account.
 * Once sent, the mail's 6-digit code can be typed here instead of following its link.
 */
export function ResetRequestForm() {
  const { t } = useTranslation(['account', 'common']);
  const id = useId();
  const checkEmail = useEmailError();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useAccountAction();
  const sending = request.state.phase === 'busy';

  return (
    <>
      <AccountForm
        busy={sending}
        onSubmit={(form) => {
          const problem = checkEmail(email);
          if (problem !== undefined) {
            setEmailError(problem);
            request.reset();
            focusField(form, 'email');
            return;
          }
          setEmailError(undefined);
          const address = email.trim();
          void request
            .run((client) => requestPasswordReset(client, address, linkTarget('/reset-password')))
            .then((sent) => {
              if (sent) setSentTo(address);
            });
        }}
      >
        <p className="form-card__intro">{t('reset.intro')}</p>
        <EmailField
          id={`${id}-email`}
          label={t('fields.email')}
          value={email}
          error={emailError}
          onChange={setEmail}
        />
        <div className="form-card__actions">
          <SubmitButton busy={sending} label={t('reset.submit')} busyLabel={t('reset.busy')} />
          <ActionStatus
            progress={sending ? t('reset.busy') : null}
            success={
              request.state.phase === 'done' && (
                <>
                  <p className="form-status__title">{t('common:messages.emailSent')}</p>
                  <p>{t('reset.sentHint')}</p>
                </>
              )
            }
            failure={
              request.state.phase === 'failed' && (
                <AuthProblemText
                  title={t('common:messages.emailError')}
                  problem={request.state.problem}
                />
              )
            }
          />
        </div>
      </AccountForm>
      {sentTo !== null && (
        <CodeForm
          email={sentTo}
          purpose="recovery"
          submitLabel={t('reset.codeSubmit')}
          hint={t('reset.codeHint', { email: sentTo })}
        />
      )}
    </>
  );
}
