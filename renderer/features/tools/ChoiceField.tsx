import { useId } from 'react';

/** A unit or a frequency: a native select, with its hint tied to it when there is one. */
export function ChoiceField<Choice extends string>({
  label,
  value,
  choices,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  choices: readonly { value: Choice; label: string }[];
  onChange: (choice: Choice) => void;
  hint?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="tools-field">
      <label htmlFor={id} className="tools-field__label">
        {label}
      </label>
      <select
        id={id}
        className="tools-field__input tools-field__select"
        value={value}
        aria-describedby={hint === undefined ? undefined : hintId}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint !== undefined && (
        <p id={hintId} className="tools-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
