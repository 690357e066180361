import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from '../account/AccountForm';
import { PasswordField } from '../account/AccountFields';
import { AuthProblemText } from '../account/AuthProblemText';
import { focusField } from '../account/focusField';
import { SubmitButton } from '../account/SubmitButton';
import { useAccountAction } from '../account/useAccountAction';
import { usePasswordError } from '../account/usePasswordError';
import { changePassword } from './accountEmail';

/** The current password, then the new one twice, under the one password rule. */
export function PasswordChangeForm() {
  const { t } = useTranslation(['profile', 'account', 'common']);
  const id = useId();
  const passwordError = usePasswordError();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; again?: string }>({});
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const found = {
          current: current === '' ? t('password.currentRequired') : undefined,
          next: passwordError(next),
          again: again === next ? undefined : t('common:messages.passwordsMismatch'),
        };
        setErrors(found);
        const first = found.current ? 'password' : found.next ? 'new-password' : 'again-password';
        if (found.current || found.next || found.again) {
          action.reset();
          focusField(form, first);
          return;
        }
        void action
          .run((client) => changePassword(client, current, next))
          .then((changed) => {
            if (!changed) return;
            setCurrent('');
            setNext('');
            setAgain('');
          });
      }}
    >
      <h2 className="profile-section__title">{t('password.title')}</h2>
      <PasswordField
        id={`${id}-current`}
        label={t('password.current')}
        value={current}
        error={errors.current}
        autoComplete="current-password"
        onChange={setCurrent}
      />
      <PasswordField
        id={`${id}-new`}
        label={t('account:fields.newPassword')}
        value={next}
        error={errors.next}
        autoComplete="new-password"
        showCriteria
        onChange={setNext}
      />
      <PasswordField
        id={`${id}-again`}
        name="again-password"
        label={t('account:fields.confirmPassword')}
        value={again}
        error={errors.again}
        autoComplete="new-password"
        onChange={setAgain}
      />
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('password.submit')} busyLabel={t('password.busy')} />
        <ActionStatus
          progress={busy ? t('password.busy') : null}
          success={
            action.state.phase === 'done' && <p>{t('common:profileMessages.passwordChanged')}</p>
          }
          failure={
            action.state.phase === 'failed' && (
              <AuthProblemText
                title={t('common:profileMessages.passwordChangeError')}
                problem={action.state.problem}
              />
            )
          }
        />
      </div>
    </AccountForm>
  );
}
