import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../../shared/contact';
import { useDateFormats } from '../learning/useDateFormats';
import type { Dashboard } from './api';

const isSubject = (value: string): value is ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value);

const STATUSES = ['new', 'read', 'handled'] as const;
const isStatus = (value: string): value is (typeof STATUSES)[number] =>
  (STATUSES as readonly string[]).includes(value);

/** The five newest contact messages: who wrote, about what, when, and whether it was read. */
export function LatestMessages({ messages }: { messages: Dashboard['latest_messages'] }) {
  const { t } = useTranslation(['admin', 'contact']);
  const { moment } = useDateFormats();
  return (
    <section className="admin-section" aria-labelledby="dashboard-messages">
      <h2 id="dashboard-messages" className="admin-section__title">
        {t('dashboard.messages.title')}
      </h2>
      {messages.length === 0 ? (
        <p>{t('dashboard.messages.empty')}</p>
      ) : (
        <ul className="admin-list">
          {messages.map((message) => (
            <li
              key={message.id}
              className={message.status === 'new' ? 'admin-list__item--new' : undefined}
            >
              <strong>{message.name}</strong>
              {' · '}
              {isSubject(message.subject)
                ? t(`contact:subjects.${message.subject}`)
                : message.subject}
              {' · '}
              <time dateTime={message.created_at}>{moment(message.created_at)}</time>
              {isStatus(message.status) && (
                <span className="admin-status">
                  {t(`dashboard.messages.status.${message.status}`)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="text-link" to="/admin/messages">
          {t('dashboard.messages.all')}
        </Link>
      </p>
    </section>
  );
}
