import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, codePointLength } from '../../../shared/contact';

/**
 * "123 / 2000 characters" under the message, counted as the database counts (an emoji is one
 * character). The textarea is described by it, so a screen reader hears it on reaching the field
 * rather than at every pause in typing.
 */
export function MessageCounter({ id, message }: { id: string; message: string }) {
  const { t } = useTranslation('contact');
  const length = codePointLength(message);
  const over = length > MESSAGE_MAX_LENGTH;
  return (
    <p id={id} className={over ? 'contact-counter contact-counter--over' : 'contact-counter'}>
      {t('fields.message.counter', { length, max: MESSAGE_MAX_LENGTH })}
    </p>
  );
}
