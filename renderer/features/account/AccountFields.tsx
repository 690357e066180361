import type { InputHTMLAttributes, ReactNode } from 'react';
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

/** One labelled, required input in its field frame; `input` says what kind of text it takes. */
function AccountInput({
  id,
  label,
  value,
  error,
  hint,
  onChange,
  input,
  describedBy = [],
  after,
}: TextFieldProps & {
  input: InputHTMLAttributes<HTMLInputElement> & { name: string };
  describedBy?: readonly string[];
  after?: ReactNode;
}) {
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      describedBy={describedBy}
      after={after}
    >
      {(description) => (
        <input
          {...input}
          {...description}
          id={id}
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

export function EmailField({ name = 'email', ...field }: TextFieldProps & { name?: string }) {
  return (
    <AccountInput
      {...field}
      input={{
        name,
        type: 'email',
        className: 'form-field__control',
        autoComplete: 'email',
        spellCheck: false,
      }}
    />
  );
}

/**
 * A password input; `showCriteria` lists the rule under it, ticked live (for a password being
 * chosen, not one being typed to sign in).
 */
export function PasswordField({
  autoComplete,
  name = autoComplete === 'new-password' ? 'new-password' : 'password',
  showCriteria = false,
  ...field
}: TextFieldProps & {
  autoComplete: 'current-password' | 'new-password';
  /** The control's name; by default one password managers recognise. */
  name?: string;
  showCriteria?: boolean;
}) {
  const criteriaId = `${field.id}-criteria`;
  return (
    <AccountInput
      {...field}
      input={{ name, type: 'password', className: 'form-field__control', autoComplete }}
      describedBy={showCriteria ? [criteriaId] : []}
      after={showCriteria ? <PasswordCriteria id={criteriaId} password={field.value} /> : undefined}
    />
  );
}

/** The 6-digit code of a mail, for when its link cannot be followed (e.g. the desktop app). */
export function CodeField(field: TextFieldProps) {
  return (
    <AccountInput
      {...field}
      input={{
        name: 'code',
        type: 'text',
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        pattern: '[0-9 ]*',
        maxLength: 7,
        className: 'form-field__control form-field__control--code',
      }}
    />
  );
}
