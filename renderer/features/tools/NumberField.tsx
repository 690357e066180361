import { CalculatorField } from './CalculatorField';

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
  return (
    <CalculatorField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          className="tools-field__input"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </CalculatorField>
  );
}
