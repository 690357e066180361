import { useEffect, useId, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from './AccountForm';
import { passwordRecoveryAtom } from '../../session/sessionAtoms';
import { PasswordField } from './AccountFields';
import { setNewPassword } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAccountAction } from './useAccountAction';
import { usePasswordError } from './usePasswordError';

/**
 * What replaces the form once the password is saved. The form and its focused button are gone,
 * so the focus goes to this heading, which a screen reader then reads.
 */
function PasswordSaved() {
  const { t } = useTranslation(['account', 'common']);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="form-card">
      <h2 ref={heading} tabIndex={-1} className="check-inbox__title">
        {t('common:messages.passwordUpdated')}
      </h2>
      <p>{t('reset.done')}</p>
      <p>
        <Link to="/" className="text-link">
          {t('reset.continue')}
        </Link>
      </p>
    </div>
  );
}

/** The new password, twice, under the same rule as at sign-up. */
export function NewPasswordForm() {
  const { t } = useTranslation(['account', 'common']);
  const id = useId();
  const passwordError = usePasswordError();
  const setRecovery = useSetAtom(passwordRecoveryAtom);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';
  const saved = useRef(false);
  useEffect(() => {
    saved.current = action.state.phase === 'done';
  }, [action.state.phase]);
  // The recovery ends when the person leaves the page after saving: the success stays in view
  // until then, and coming back asks for a new mail.
  useEffect(
    () => () => {
      if (saved.current) setRecovery(false);
    },
    [setRecovery],
  );

  if (action.state.phase === 'done') return <PasswordSaved />;

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const found = {
          password: passwordError(password),
          confirmation:
            confirmation === password ? undefined : t('common:messages.passwordsMismatch'),
        };
        setErrors(found);
        if (found.password || found.confirmation) {
          action.reset();
          focusField(form, found.password ? 'new-password' : 'confirm-password');
          return;
        }
        void action.run((client) => setNewPassword(client, password));
      }}
    >
      <p className="form-card__intro">{t('reset.newIntro')}</p>
      <PasswordField
        id={`${id}-password`}
        label={t('fields.newPassword')}
        value={password}
        error={errors.password}
        autoComplete="new-password"
        showCriteria
        onChange={setPassword}
      />
      <PasswordField
        id={`${id}-confirm`}
        name="confirm-password"
        label={t('fields.confirmPassword')}
        value={confirmation}
        error={errors.confirmation}
        autoComplete="new-password"
        onChange={setConfirmation}
      />
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('reset.save')} busyLabel={t('reset.saving')} />
        <ActionStatus
          progress={busy ? t('reset.saving') : null}
          failure={
            action.state.phase === 'failed' && (
              <AuthProblemText
                title={t('common:messages.passwordUpdateError')}
                problem={action.state.problem}
              />
            )
          }
        />
      </div>
    </AccountForm>
  );
}
