import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from './AccountForm';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { languageAtom } from '../../settings/languageAtoms';
import { EmailField, PasswordField } from './AccountFields';
import { signUp } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAccountAction } from './useAccountAction';
import { useEmailError } from './useEmailError';
import { usePasswordError } from './usePasswordError';

/**
 * Email and a password checked live against the rule. The interface language becomes the
 * account's mail language. Ends with the confirmation mail sent (`onMailSent`), or signed in
 * straight away on a stack that confirms at sign-up.
 */
export function SignUpForm({
  redirectTo,
  onMailSent,
}: {
  redirectTo: string;
  onMailSent: (email: string) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const emailError = useEmailError();
  const language = useAtomValue(languageAtom);
  const passwordError = usePasswordError();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const found = {
          email: emailError(email),
          password: passwordError(password),
        };
        setErrors(found);
        if (found.email || found.password) {
          action.reset();
          focusField(form, found.email ? 'email' : 'new-password');
          return;
        }
        const address = email.trim();
        void (async () => {
          const done = await action.run(async (client) => {
            const outcome = await signUp(client, {
              email: address,
              password,
              language,
              redirectTo,
            });
            if (outcome === 'mailSent') onMailSent(address);
          });
          if (done) setPassword('');
        })();
      }}
    >
      <EmailField
        id={`${id}-email`}
        label={t('fields.email')}
        value={email}
        error={errors.email}
        hint={t('signUp.mailLanguage', { language: LANGUAGE_NAMES[language] })}
        onChange={setEmail}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('fields.password')}
        value={password}
        error={errors.password}
        autoComplete="new-password"
        showCriteria
        onChange={setPassword}
      />
      <p className="form-card__aside">
        {t('signUp.privacy')}{' '}
        <Link to="/privacy" className="text-link">
          {t('signUp.privacyLink')}
        </Link>
      </p>
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('signUp.submit')} busyLabel={t('signUp.busy')} />
        <ActionStatus
          progress={busy ? t('signUp.busy') : null}
          failure={
            action.state.phase === 'failed' && <AuthProblemText problem={action.state.problem} />
          }
        />
      </div>
    </AccountForm>
  );
}
