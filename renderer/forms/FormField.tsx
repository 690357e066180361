import './forms.css';
import type { ReactNode } from 'react';

/** What a control needs to carry its field's hint and error for assistive technology. */
export interface FieldDescription {
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A labelled control with its hint above it and its error right below, both tied to the control
 * by `aria-describedby`, and `aria-invalid` while there is an error. `after` comes under the
 * error (the message's counter); `describedBy` adds the ids of such other descriptions.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  describedBy = [],
  after,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  describedBy?: readonly string[];
  after?: ReactNode;
  children: (description: FieldDescription) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [hint ? hintId : null, ...describedBy, error ? errorId : null].filter(
    (value) => value !== null,
  );
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {children({
        'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}
