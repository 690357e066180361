import { useTranslation } from 'react-i18next';

/**
 * A field people never meet: off screen, hidden from assistive technology, out of the tab order
 * and closed to autofill. Robots that fill every field fill this one too, and the form then
 * sends nothing.
 */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('contact');
  return (
    <div className="contact-form__trap" aria-hidden="true">
      <label htmlFor={id}>{t('honeypot.label')}</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
