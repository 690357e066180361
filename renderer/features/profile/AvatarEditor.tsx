import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { avatarProblem, avatarTypeOf } from '../../../shared/profile';
import { ActionStatus } from '../../forms/ActionStatus';
import { refreshAvatarAtom } from '../../session/accountAtoms';
import { useAccountAction } from '../account/useAccountAction';
import { removeAvatar, replaceAvatar } from './api';
import { profileKey } from './useProfileDetails';

/** A file the editor refuses before any upload, with the catalogue's own message. */
class RefusedImage extends Error {
  override name = 'RefusedImage';
  constructor(readonly problem: 'format' | 'size') {
    super(problem);
  }
}

/** Why the picture did not change: the file itself, or the request. */
function AvatarFailure({ error }: { error: unknown }) {
  const { t } = useTranslation(['profile', 'common']);
  if (error instanceof RefusedImage) {
    return (
      <p>
        {error.problem === 'format'
          ? t('common:messages.invalidImage')
          : t('common:messages.imageTooLarge')}
      </p>
    );
  }
  return (
    <>
      <p className="form-status__title">{t('common:profileMessages.avatarError')}</p>
      <p>{t('errorHint')}</p>
    </>
  );
}

/**
 * The profile picture: its preview, a file chooser (PNG or JPEG by their bytes, 2 MB at most,
 * the bucket's own rules checked first here) and removal. The header's avatar follows at once.
 */
export function AvatarEditor({
  userId,
  email,
  avatarUrl,
}: {
  userId: string;
  email: string;
  avatarUrl: string | null;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const id = useId();
  const queryClient = useQueryClient();
  const refreshAvatar = useSetAtom(refreshAvatarAtom);
  const action = useAccountAction();
  const [lastAction, setLastAction] = useState<'upload' | 'remove'>('upload');
  const busy = action.state.phase === 'busy';

  const afterChange = async () => {
    await queryClient.invalidateQueries({ queryKey: profileKey(userId) });
    refreshAvatar();
  };

  const upload = async (file: File) => {
    setLastAction('upload');
    await action.run(async (client) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const problem = avatarProblem(bytes);
      if (problem !== null) throw new RefusedImage(problem);
      const type = avatarTypeOf(bytes);
      if (type === null) throw new RefusedImage('format');
      await replaceAvatar(client, userId, { bytes, type });
      await afterChange();
    });
  };

  return (
    <section className="profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-section__title">
        {t('avatar.title')}
      </h2>
      <div className="avatar-editor">
        {avatarUrl ? (
          <img src={avatarUrl} alt={t('avatar.alt')} className="avatar-editor__image" />
        ) : (
          <div className="avatar-editor__placeholder" aria-hidden="true">
            {email.charAt(0).toUpperCase()}
          </div>
        )}
        <div className="avatar-editor__actions">
          {!avatarUrl && <p className="avatar-editor__none">{t('avatar.none')}</p>}
          <label htmlFor={`${id}-file`} className="button-link avatar-editor__choose">
            {t('avatar.choose')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file can be chosen again after an error.
              event.target.value = '';
              if (file && !busy) void upload(file);
            }}
          />
          <p id={`${id}-hint`} className="form-field__hint">
            {t('avatar.hint')}
          </p>
          {avatarUrl && (
            <button
              type="button"
              className="button-link"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                setLastAction('remove');
                void action.run(async (client) => {
                  await removeAvatar(client, userId);
                  await afterChange();
                });
              }}
            >
              {t('avatar.remove')}
            </button>
          )}
        </div>
      </div>
      <ActionStatus
        progress={busy ? t(lastAction === 'upload' ? 'avatar.uploading' : 'avatar.removing') : null}
        success={
          action.state.phase === 'done' && (
            <p>
              {lastAction === 'upload'
                ? t('common:profileMessages.avatarUpdated')
                : t('avatar.removed')}
            </p>
          )
        }
        failure={action.state.phase === 'failed' && <AvatarFailure error={action.state.error} />}
      />
    </section>
  );
}
