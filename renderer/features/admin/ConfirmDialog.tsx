import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal question before an action that matters (a role change, a deletion). The native
 * <dialog> gives the focus trap, Escape and the inert page behind it, and hands the focus back
 * to the button that opened it. The focus starts on "Cancel": Enter alone never confirms.
 * While the action runs the dialog stays open; a failure is shown inside it, translated.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  danger = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** A translated sentence saying what failed and what to do, or null. */
  error: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape while the request runs would hide its outcome.
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        if (open) onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={`${id}-text`} className="confirm-dialog__text">
        {children}
      </div>
      <div role="alert" className="confirm-dialog__error">
        {error && <p>{error}</p>}
      </div>
      <div className="confirm-dialog__actions">
        <button
          ref={cancel}
          type="button"
          className="button-link"
          disabled={busy}
          onClick={onCancel}
        >
          {t('actions.cancel')}
        </button>
        <button
          type="button"
          className={
            danger ? 'button-link button-link--danger' : 'button-link button-link--primary'
          }
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
