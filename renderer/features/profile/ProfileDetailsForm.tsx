import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  profileDetailsProblems,
} from '../../../shared/profile';
import { codePointLength } from '../../../shared/contact';
import { ActionStatus } from '../../forms/ActionStatus';
import { CharacterCounter } from '../../forms/CharacterCounter';
import { FormField } from '../../forms/FormField';
import { AccountForm } from '../account/AccountForm';
import { focusField } from '../account/focusField';
import { SubmitButton } from '../account/SubmitButton';
import { useAccountAction } from '../account/useAccountAction';
import { saveProfileDetails } from './api';
import { profileKey } from './useProfileDetails';

/** Full name and bio, within the database's limits, counted as it counts. */
export function ProfileDetailsForm({
  userId,
  initial,
}: {
  userId: string;
  initial: { fullName: string; bio: string };
}) {
  const { t } = useTranslation(['profile', 'common']);
  const id = useId();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(initial.fullName);
  const [bio, setBio] = useState(initial.bio);
  const [checked, setChecked] = useState(false);
  const action = useAccountAction();
  const busy = action.state.phase === 'busy';
  const problems = checked ? profileDetailsProblems({ fullName, bio }) : [];
  const tooLong = (text: string, max: number) =>
    t('details.tooLong', { max, over: codePointLength(text.trim()) - max });

  return (
    <AccountForm
      busy={busy}
      onSubmit={(form) => {
        const found = profileDetailsProblems({ fullName, bio });
        setChecked(true);
        if (found.length > 0) {
          action.reset();
          focusField(form, found[0] === 'fullName' ? 'name' : 'bio');
          return;
        }
        void action.run(async (client) => {
          await saveProfileDetails(client, userId, { fullName, bio });
          await queryClient.invalidateQueries({ queryKey: profileKey(userId) });
        });
      }}
    >
      <h2 className="profile-section__title">{t('details.title')}</h2>
      <FormField
        id={`${id}-name`}
        label={t('details.fullName')}
        hint={t('details.fullNameHint', { max: FULL_NAME_MAX_LENGTH })}
        error={problems.includes('fullName') ? tooLong(fullName, FULL_NAME_MAX_LENGTH) : undefined}
      >
        {(description) => (
          <input
            {...description}
            id={`${id}-name`}
            name="name"
            type="text"
            autoComplete="name"
            className="form-field__control"
            value={fullName}
            onChange={(event) => {
              setFullName(event.target.value);
            }}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-bio`}
        label={t('details.bio')}
        hint={t('details.bioHint', { max: BIO_MAX_LENGTH })}
        error={problems.includes('bio') ? tooLong(bio, BIO_MAX_LENGTH) : undefined}
        describedBy={[`${id}-bio-counter`]}
        after={
          <CharacterCounter
            id={`${id}-bio-counter`}
            text={bio}
            max={BIO_MAX_LENGTH}
            label={(count) => t('details.counter', { count, max: BIO_MAX_LENGTH })}
          />
        }
      >
        {(description) => (
          <textarea
            {...description}
            id={`${id}-bio`}
            name="bio"
            rows={5}
            className="form-field__control form-field__control--message"
            value={bio}
            onChange={(event) => {
              setBio(event.target.value);
            }}
          />
        )}
      </FormField>
      <div className="form-card__actions">
        <SubmitButton busy={busy} label={t('details.save')} busyLabel={t('details.saving')} />
        <ActionStatus
          progress={busy ? t('details.saving') : null}
          success={action.state.phase === 'done' && <p>{t('common:profileMessages.updated')}</p>}
          failure={
            action.state.phase === 'failed' && (
              <>
                <p className="form-status__title">{t('common:profileMessages.updateError')}</p>
                <p>{t('errorHint')}</p>
              </>
            )
          }
        />
      </div>
    </AccountForm>
  );
}
