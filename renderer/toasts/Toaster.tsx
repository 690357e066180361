import type { ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  InfoCircleFilled,
} from '@ant-design/icons';
import { dismissToastAtom, toastsAtom, type ToastKind } from './toastAtoms';
import './toaster.css';

const icons: Record<ToastKind, ReactNode> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
};

/** Bottom-right notifications, announced politely to assistive technology. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return (
    <section className="toaster" aria-label={t('toast.region')}>
      <div className="toaster__list">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toaster__toast toaster__toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            <span className="toaster__icon" aria-hidden="true">
              {icons[toast.kind]}
            </span>
            <span className="toaster__message">{toast.message}</span>
            <button
              type="button"
              className="toaster__dismiss"
              aria-label={t('toast.dismiss')}
              onClick={() => {
                dismiss(toast.id);
              }}
            >
              <CloseOutlined />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
