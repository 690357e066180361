import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { showToastAtom } from '../../toasts/toastAtoms';
import type { AdminUser } from './api';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { roleErrorKey } from './roleErrorKey';
import { useSetAdminRole } from './useSetAdminRole';

/**
 * "Make admin" or "Remove admin" for one user, confirmed in a dialog. The signed-in admin's own
 * row has no button: an admin cannot remove their own role, so there is always one admin left.
 */
export function RoleAction({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation(['adminPeople', 'admin']);
  const showToast = useSetAtom(showToastAtom);
  const change = useSetAdminRole();
  const [open, setOpen] = useState(false);

  if (isSelf) return <p className="admin-users__self">{t('users.self')}</p>;

  const kind = user.isAdmin ? 'revoke' : 'grant';
  const close = () => {
    setOpen(false);
    change.reset();
  };
  return (
    <>
      <button
        type="button"
        className="button-link admin-users__action"
        aria-label={t(`users.${kind}.buttonLabel`, { email: user.email })}
        onClick={() => {
          change.reset();
          setOpen(true);
        }}
      >
        {t(`users.${kind}.button`)}
      </button>
      <ConfirmDialog
        open={open}
        title={t(`users.${kind}.title`, { email: user.email })}
        confirmLabel={t(`users.${kind}.confirm`)}
        busyLabel={t('users.saving')}
        busy={change.isPending}
        error={change.isError ? t(roleErrorKey(change.error)) : null}
        danger={kind === 'revoke'}
        onCancel={close}
        onConfirm={() => {
          change.mutate(
            { userId: user.id, granted: kind === 'grant' },
            {
              onSuccess: () => {
                close();
                showToast({
                  kind: 'success',
                  message: t(`users.${kind}.done`, { email: user.email }),
                });
              },
            },
          );
        }}
      >
        <p>{t(`users.${kind}.text`)}</p>
      </ConfirmDialog>
    </>
  );
}
