import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountEmailProblem } from '../../../shared/account';
import { ActionStatus } from '../../forms/ActionStatus';
import { CodeField, EmailField } from './AccountFields';
import { linkTarget, requestPasswordReset, verifyEmailCode } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAuthAction } from './useAuthAction';

/**
 * Asks for a reset mail. The answer is the same whether or not the address has an account.
 * Once sent, the mail's 6-digit code can be typed here instead of following its link.
 */
export function ResetRequestForm() {
  const { t } = useTranslation(['account', 'common']);
  const id = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const request = useAuthAction();
  const verify = useAuthAction();
  const sending = request.state.phase === 'busy';
  const verifying = verify.state.phase === 'busy';

  return (
    <>
      <form
        className="form-card"
        noValidate
        aria-busy={sending}
        onSubmit={(event) => {
          event.preventDefault();
          if (sending) return;
          const problem = accountEmailProblem(email);
          if (problem !== null) {
            setEmailError(
              t(problem === 'required' ? 'errors.emailRequired' : 'errors.emailInvalid'),
            );
            request.reset();
            focusField(event.currentTarget, 'email');
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
                <>
                  <p className="form-status__title">{t('common:messages.emailError')}</p>
                  <AuthProblemText problem={request.state.problem} />
                </>
              )
            }
          />
        </div>
      </form>
      {sentTo !== null && (
        <form
          className="form-card"
          noValidate
          aria-busy={verifying}
          onSubmit={(event) => {
            event.preventDefault();
            if (verifying) return;
            if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
              setCodeError(t('errors.codeFormat'));
              verify.reset();
              focusField(event.currentTarget, 'code');
              return;
            }
            setCodeError(undefined);
            void verify.run((client) => verifyEmailCode(client, sentTo, code, 'recovery'));
          }}
        >
          <CodeField
            id={`${id}-code`}
            label={t('fields.code')}
            hint={t('reset.codeHint', { email: sentTo })}
            value={code}
            error={codeError}
            onChange={setCode}
          />
          <div className="form-card__actions">
            <SubmitButton
              busy={verifying}
              label={t('reset.codeSubmit')}
              busyLabel={t('inbox.codeBusy')}
            />
            <ActionStatus
              progress={verifying ? t('inbox.codeBusy') : null}
              failure={
                verify.state.phase === 'failed' && (
                  <AuthProblemText problem={verify.state.problem} />
                )
              }
            />
          </div>
        </form>
      )}
    </>
  );
}
