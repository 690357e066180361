import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { accountEmailProblem } from '../../../shared/account';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from './AccountForm';
import { EmailField, PasswordField } from './AccountFields';
import { resendConfirmation, signInWithPassword } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAccountAction } from './useAccountAction';

/**
 * Email and password. A missing field gets GoTrue's own sentence, translated; a wrong password
 * and an unknown address get the same answer; an unconfirmed address is offered a new mail.
 */
export function SignInForm({
  redirectTo,
  onConfirmationSent,
}: {
  /** Where the confirmation link lands. */
  redirectTo: string;
  onConfirmationSent: (email: string) => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [emailError, setEmailError] = useState<string>();
  const action = useAccountAction();
  const resend = useAccountAction();
  const busy = action.state.phase === 'busy' || resend.state.phase === 'busy';
  const problem =
    resend.state.phase === 'failed'
      ? resend.state.problem
      : action.state.phase === 'failed'
        ? action.state.problem
        : null;

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const emailProblem = accountEmailProblem(email);
        if (emailProblem !== null || password === '') {
          const empty = email.trim() === '' || password === '';
          setMissing(empty);
          setEmailError(
            !empty && emailProblem === 'invalid' ? t('errors.emailInvalid') : undefined,
          );
          action.reset();
          resend.reset();
          focusField(form, email.trim() === '' || emailProblem !== null ? 'email' : 'password');
          return;
        }
        setMissing(false);
        setEmailError(undefined);
        resend.reset();
        const address = email.trim();
        void action.run((client) => signInWithPassword(client, address, password));
      }}
    >
      <EmailField
        id={`${id}-email`}
        label={t('fields.email')}
        value={email}
        error={emailError}
        onChange={setEmail}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('fields.password')}
        value={password}
        autoComplete="current-password"
        onChange={setPassword}
      />
      <p className="form-card__aside">
        <Link to="/reset-password" className="text-link">
          {t('signIn.forgot')}
        </Link>
      </p>
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('signIn.submit')} busyLabel={t('signIn.busy')} />
        <ActionStatus
          progress={busy ? t('signIn.busy') : null}
          failure={
            missing ? (
              <p>{t('common:messages.credentialsRequired')}</p>
            ) : problem ? (
              <>
                <AuthProblemText problem={problem} />
                {problem.kind === 'emailNotConfirmed' && (
                  <button
                    type="button"
                    className="button-link form-status__action"
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (busy) return;
                      const address = email.trim();
                      void resend
                        .run((client) => resendConfirmation(client, address, redirectTo))
                        .then((sent) => {
                          if (sent) onConfirmationSent(address);
                        });
                    }}
                  >
                    {t('signIn.resend')}
                  </button>
                )}
              </>
            ) : null
          }
        />
      </div>
    </AccountForm>
  );
}
