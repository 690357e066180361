import type { ReactNode } from 'react';

/**
 * The frame of every account form: the browser's own validation off (the form's messages are
 * translated and tied to their fields), busy while its request runs, and a submit that does
 * nothing while busy and hands the form element over (to move the focus to a field).
 */
export function AccountForm({
  busy,
  onSubmit,
  className,
  children,
}: {
  busy: boolean;
  onSubmit: (form: HTMLFormElement) => void;
  /** Added to the card's own class. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className ? `form-card ${className}` : 'form-card'}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
