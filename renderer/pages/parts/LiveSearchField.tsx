import { useState } from 'react';
import { SearchField } from './SearchField';

/**
 * A search box that holds what is typed itself, so that a keystroke re-renders the box alone and
 * the page follows through `onType` at its own pace. Give it a new `key` to set its text from
 * outside.
 */
export function LiveSearchField({
  initialValue,
  onType,
  ...field
}: {
  initialValue: string;
  onType: (text: string) => void;
  onBlur: () => void;
  label: string;
  placeholder: string;
  count: string;
  maxLength?: number;
}) {
  const [typed, setTyped] = useState(initialValue);
  return (
    <SearchField
      {...field}
      value={typed}
      onChange={(text) => {
        setTyped(text);
        onType(text);
      }}
    />
  );
}
