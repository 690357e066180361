import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ActionStatus } from '../../forms/ActionStatus';
import { FormField } from '../../forms/FormField';
import { invalidateAdminStatus } from '../../session/adminStatus';
import { showToastAtom } from '../../toasts/toastAtoms';
import { AccountForm } from '../account/AccountForm';
import { focusField } from '../account/focusField';
import { SubmitButton } from '../account/SubmitButton';
import { useAccountAction } from '../account/useAccountAction';
import { deleteMyAccount, LastAdminError } from './api';

/** The word that confirms a deletion: French, and the same in every language. */
export const DELETE_CONFIRMATION_WORD = 'SUPPRIMER';

/**
 * Deletes the account and everything it owns, once the person typed the confirmation word;
 * then they are signed out, told so, and taken home.
 */
export function DeleteAccount({ userId }: { userId: string }) {
  const { t } = useTranslation(['profile', 'common']);
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const [word, setWord] = useState('');
  const [error, setError] = useState<string>();
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';

  return (
    <AccountForm
      busy={busy}
      className="profile-danger"
      onSubmit={(form) => {
        if (word.trim() !== DELETE_CONFIRMATION_WORD) {
          setError(t('delete.wrongWord'));
          action.reset();
          focusField(form, 'confirmation');
          return;
        }
        setError(undefined);
        void action
          .run((client) => deleteMyAccount(client, userId))
          .then((deleted) => {
            if (!deleted) return;
            invalidateAdminStatus(userId);
            queryClient.clear();
            showToast({ kind: 'success', message: t('common:profileMessages.deleted') });
            void navigate('/');
          });
      }}
    >
      <h2 className="profile-section__title">{t('delete.title')}</h2>
      <p className="form-card__intro">{t('delete.text')}</p>
      <FormField id={`${id}-word`} label={t('delete.label')} hint={t('delete.hint')} error={error}>
        {(description) => (
          <input
            {...description}
            id={`${id}-word`}
            name="confirmation"
            type="text"
            autoComplete="off"
            spellCheck={false}
            className="form-field__control"
            value={word}
            onChange={(event) => {
              setWord(event.target.value);
            }}
          />
        )}
      </FormField>
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('delete.submit')} busyLabel={t('delete.busy')} />
        <ActionStatus
          progress={busy ? t('delete.busy') : null}
          failure={
            action.state.phase === 'failed' && (
              <>
                <p className="form-status__title">{t('common:profileMessages.deleteError')}</p>
                <p>
                  {action.state.error instanceof LastAdminError
                    ? t('delete.lastAdmin')
                    : t('errorHint')}
                </p>
              </>
            )
          }
        />
      </div>
    </AccountForm>
  );
}
