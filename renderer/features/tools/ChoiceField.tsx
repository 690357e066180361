import { CalculatorField } from './CalculatorField';

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
  hint?: string | undefined;
}) {
  return (
    <CalculatorField label={label} hint={hint}>
      {(control) => (
        <select
          {...control}
          className="tools-field__input tools-field__select"
          value={value}
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
      )}
    </CalculatorField>
  );
}
