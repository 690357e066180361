import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { AccountForm } from './AccountForm';
import { CodeField } from './AccountFields';
import { verifyEmailCode } from './authApi';
import { AuthProblemText } from './AuthProblemText';
import { focusField } from './focusField';
import { SubmitButton } from './SubmitButton';
import { useAccountAction } from './useAccountAction';

/** Signs in with the 6-digit code of the mail sent to `email`; a wrong code is kept to fix. */
export function CodeForm({
  email,
  purpose,
  submitLabel,
  hint,
}: {
  email: string;
  purpose: 'signIn' | 'recovery';
  submitLabel: string;
  hint?: string;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useAccountAction();
  const busy = verify.state.phase === 'busy';

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
          setError(t('errors.codeFormat'));
          verify.reset();
          focusField(form, 'code');
          return;
        }
        setError(undefined);
        void verify.run((client) => verifyEmailCode(client, email, code, purpose));
      }}
    >
      <CodeField
        id={`${id}-code`}
        label={t('fields.code')}
        hint={hint}
        value={code}
        error={error}
        onChange={setCode}
      />
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={submitLabel} busyLabel={t('inbox.codeBusy')} />
        <ActionStatus
          progress={busy ? t('inbox.codeBusy') : null}
          failure={
            verify.state.phase === 'failed' && <AuthProblemText problem={verify.state.problem} />
          }
        />
      </div>
    </AccountForm>
  );
}
