import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The question before a term is deleted: it names the term and the terms whose related list
 * holds it (that link goes with it). Stays open while the request runs; a failure shows inside.
 */
export function DeleteTermDialog({
  open,
  title,
  linkedFrom,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  /** The titles of the terms that list this one among their related terms. */
  linkedFrom: readonly string[];
  busy: boolean;
  /** A translated sentence saying what failed and what to do, or null. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['adminTerms', 'admin']);
  return (
    <Modal
      open={open}
      title={t('delete.title', { title })}
      okText={busy ? t('delete.busy') : t('delete.confirm')}
      cancelText={t('admin:actions.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p>{t('delete.text')}</p>
      {linkedFrom.length === 0 ? (
        <p>{t('delete.noLinks')}</p>
      ) : (
        <>
          <p>{t('delete.linked')}</p>
          <ul>
            {linkedFrom.map((linked) => (
              <li key={linked}>{linked}</li>
            ))}
          </ul>
        </>
      )}
      <div role="alert">{error && <p className="form-field__error">{error}</p>}</div>
    </Modal>
  );
}
