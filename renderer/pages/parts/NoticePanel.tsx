import type { ReactNode } from 'react';

/** A calm, centred message inside the page: an empty state or an access notice. */
export function NoticePanel({
  message,
  hint,
  children,
}: {
  message: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div className="notice-panel" role="note">
      <p className="notice-panel__message">{message}</p>
      {hint && <p className="notice-panel__hint">{hint}</p>}
      {children && <div className="notice-panel__actions">{children}</div>}
    </div>
  );
}
