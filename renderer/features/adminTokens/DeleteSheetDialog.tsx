import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../admin/ConfirmDialog';

/** The question before a sheet is deleted, saying what goes with it. */
export function DeleteSheetDialog({
  open,
  name,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  name: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminTokens');
  return (
    <ConfirmDialog
      open={open}
      title={t('editor.delete.title', { name })}
      confirmLabel={t('editor.delete.confirm')}
      busyLabel={t('editor.delete.deleting')}
      busy={busy}
      error={error}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('editor.delete.text')}</p>
    </ConfirmDialog>
  );
}
