import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../../shared/contact';
import { MESSAGE_STATES, isMessageState, type MessageState } from './messageStates';

const isSubject = (value: string): value is ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value);

/** The subject and state the list shows; "all" is the empty choice. */
export function MessageFilters({
  subject,
  state,
  onChange,
}: {
  subject: ContactSubject | null;
  state: MessageState | null;
  onChange: (change: { subject?: ContactSubject | null; state?: MessageState | null }) => void;
}) {
  const { t } = useTranslation(['adminPeople', 'contact']);
  const id = useId();
  return (
    <div className="admin-filters" role="group" aria-label={t('messages.filters.label')}>
      <div className="admin-filters__field">
        <label htmlFor={`${id}-subject`}>{t('messages.filters.subject')}</label>
        <select
          id={`${id}-subject`}
          value={subject ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ subject: isSubject(value) ? value : null });
          }}
        >
          <option value="">{t('messages.filters.allSubjects')}</option>
          {CONTACT_SUBJECTS.map((key) => (
            <option key={key} value={key}>
              {t(`contact:subjects.${key}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-filters__field">
        <label htmlFor={`${id}-state`}>{t('messages.filters.state')}</label>
        <select
          id={`${id}-state`}
          value={state ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ state: isMessageState(value) ? value : null });
          }}
        >
          <option value="">{t('messages.filters.allStates')}</option>
          {MESSAGE_STATES.map((key) => (
            <option key={key} value={key}>
              {t(`messages.states.${key}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
