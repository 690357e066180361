import { useId } from 'react';

/**
 * A number as a person types it in their language: a text box with the decimal keypad
 * (`type="number"` refuses a decimal comma in some browsers), its hint, and its error right
 * under it, tied to it so that a screen reader says both.
 */
export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  hint?: string;
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
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className="tools-field__input"
        value={value}
        aria-invalid={error === null ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
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
