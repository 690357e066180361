import { useId, type ReactNode } from 'react';

/** What a calculator's control needs to carry its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A calculator field's frame: the label, the control, then its hint and its error right under
 * it, both tied to the control so that a screen reader says them with it.
 */
export function CalculatorField({
  label,
  hint,
  error = null,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | null;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === null ? null : errorId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={error === null ? 'tools-field' : 'tools-field tools-field--invalid'}>
      <label htmlFor={id} className="tools-field__label">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
        'aria-invalid': error === null ? undefined : true,
      })}
      {hint !== undefined && (
        <p id={hintId} className="tools-field__hint">
          {hint}
        </p>
      )}
      {error !== null && (
        <p id={errorId} className="tools-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
