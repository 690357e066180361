import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from '../account/AccountForm';
import { EmailField } from '../account/AccountFields';
import { linkTarget } from '../account/authApi';
import { AuthProblemText } from '../account/AuthProblemText';
import { focusField } from '../account/focusField';
import { SubmitButton } from '../account/SubmitButton';
import { useAccountAction } from '../account/useAccountAction';
import { useEmailError } from '../account/useEmailError';
import { requestEmailChange } from './accountEmail';

/**
 * A new address, typed twice. The change waits for the link mailed to the new address; until
 * then the page shows it as pending (`pendingEmail`, the session's `new_email`).
 */
export function EmailChangeForm({
  email,
  pendingEmail,
}: {
  email: string;
  pendingEmail: string | null;
}) {
  const { t } = useTranslation(['profile', 'account', 'common']);
  const id = useId();
  const emailError = useEmailError();
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ next?: string; again?: string }>({});
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const address = next.trim();
        const found = {
          next:
            emailError(address) ??
            (address.toLowerCase() === email.toLowerCase() ? t('email.same') : undefined),
          again:
            again.trim().toLowerCase() === address.toLowerCase() ? undefined : t('email.mismatch'),
        };
        setErrors(found);
        if (found.next || found.again) {
          action.reset();
          focusField(form, found.next ? 'email' : 'email-again');
          return;
        }
        void action.run((client) =>
          requestEmailChange(client, address, linkTarget('/profile?tab=settings')),
        );
      }}
    >
      <h2 className="profile-section__title">{t('email.title')}</h2>
      <p className="form-card__intro">{t('email.current', { email })}</p>
      {pendingEmail && (
        <p className="profile-pending" role="note">
          {t('email.pending', { email: pendingEmail })}
        </p>
      )}
      <EmailField
        id={`${id}-new`}
        label={t('email.new')}
        value={next}
        error={errors.next}
        onChange={setNext}
      />
      <EmailField
        id={`${id}-again`}
        name="email-again"
        label={t('email.confirm')}
        value={again}
        error={errors.again}
        onChange={setAgain}
      />
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('email.submit')} busyLabel={t('email.busy')} />
        <ActionStatus
          progress={busy ? t('email.busy') : null}
          success={
            action.state.phase === 'done' && <p>{t('common:profileMessages.emailChangeSent')}</p>
          }
          failure={
            action.state.phase === 'failed' && (
              <AuthProblemText
                title={t('common:profileMessages.emailChangeError')}
                problem={action.state.problem}
              />
            )
          }
        />
      </div>
    </AccountForm>
  );
}
