import { codePointLength } from '../../shared/contact';

/**
 * "123 / 2000 characters" under a text field, counted as the database counts (an emoji is one
 * character). The field is described by it, so a screen reader hears it on reaching the field
 * rather than at every pause in typing. `label` words the count in the page's language.
 */
export function CharacterCounter({
  id,
  text,
  max,
  label,
}: {
  id: string;
  text: string;
  max: number;
  label: (length: number) => string;
}) {
  const length = codePointLength(text);
  return (
    <p id={id} className={length > max ? 'form-counter form-counter--over' : 'form-counter'}>
      {label(length)}
    </p>
  );
}
