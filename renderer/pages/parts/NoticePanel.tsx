import type { ReactNode } from 'react';
import { Illustration } from '../../layout/Illustration';

/**
 * A calm, centred message inside the page: an empty state or an access notice. `illustrated`
 * draws the empty box above it, for a list or a search that came back empty.
 */
export function NoticePanel({
  message,
  hint,
  illustrated = false,
  children,
}: {
  message: string;
  hint?: string;
  illustrated?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="notice-panel" role="note">
      {illustrated && <Illustration name="empty" className="notice-panel__art" />}
      <p className="notice-panel__message">{message}</p>
      {hint && <p className="notice-panel__hint">{hint}</p>}
      {children && <div className="notice-panel__actions">{children}</div>}
    </div>
  );
}
