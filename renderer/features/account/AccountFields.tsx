import { FormField } from '../../forms/FormField';
import { PasswordCriteria } from './PasswordCriteria';

// The inputs every account form shares. Their `name` and `autoComplete` let password managers
// fill and save them; errors sit under the field and are tied to it.

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  onChange: (value: string) => void;
}

export function EmailField({
  id,
  name = 'email',
  label,
  value,
  error,
  hint,
  onChange,
}: TextFieldProps & { name?: string }) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(description) => (
        <input
          {...description}
          id={id}
          name={name}
          type="email"
          className="form-field__control"
          autoComplete="email"
          spellCheck={false}
          required
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </FormField>
  );
}

/**
 * A password input; `showCriteria` lists the rule under it, ticked live (for a password being
 * chosen, not one being typed to sign in).
 */
export function PasswordField({
  id,
  label,
  value,
  error,
  onChange,
  autoComplete,
  name = autoComplete === 'new-password' ? 'new-password' : 'password',
  showCriteria = false,
}: TextFieldProps & {
  autoComplete: 'current-password' | 'new-password';
  /** The control's name; by default one password managers recognise. */
  name?: string;
  showCriteria?: boolean;
}) {
  const criteriaId = `${id}-criteria`;
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      describedBy={showCriteria ? [criteriaId] : []}
      after={showCriteria ? <PasswordCriteria id={criteriaId} password={value} /> : undefined}
    >
      {(description) => (
        <input
          {...description}
          id={id}
          name={name}
          type="password"
          className="form-field__control"
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </FormField>
  );
}

/** The 6-digit code of a mail, for when its link cannot be followed (e.g. the desktop app). */
export function CodeField({ id, label, value, error, hint, onChange }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(description) => (
        <input
          {...description}
          id={id}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          className="form-field__control form-field__control--code"
          required
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </FormField>
  );
}
