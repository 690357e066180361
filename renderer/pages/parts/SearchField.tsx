import './search-field.css';
import { useId } from 'react';

/**
 * A labelled search box with its live result count: a native `<input type="search">`, so Escape
 * clears it, and the count is announced politely as the reader types.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  onBlur,
  count,
  maxLength,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  count: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="search-field" role="search">
      <label htmlFor={id} className="search-field__label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="search-field__input"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onBlur={onBlur}
      />
      <p className="search-field__count" aria-live="polite">
        {count}
      </p>
    </div>
  );
}
