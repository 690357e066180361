import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDateTime } from '../admin/useDateTime';
import type { MessageSummary } from './api';
import { MessageStateTag } from './MessageStateTag';

/**
 * The messages of one page, newest first. New ones are in bold with a "New" tag, and their link
 * says "unread" to a screen reader too. Each sender's name opens the message.
 */
export function MessageTable({
  messages,
  openSearch,
}: {
  messages: MessageSummary[];
  /** The query string that opens a message, the list's filters and page kept. */
  openSearch: (id: string) => string;
}) {
  const { t } = useTranslation(['adminPeople', 'contact']);
  const dateTime = useDateTime();
  return (
    <div
      className="admin-table-wrap"
      role="region"
      aria-label={t('messages.tableLabel')}
      tabIndex={0}
    >
      <table className="admin-table admin-messages">
        <thead>
          <tr>
            <th scope="col">{t('messages.columns.from')}</th>
            <th scope="col">{t('messages.columns.state')}</th>
            <th scope="col">{t('messages.columns.subject')}</th>
            <th scope="col">{t('messages.columns.email')}</th>
            <th scope="col">{t('messages.columns.received')}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr
              key={message.id}
              className={message.state === 'new' ? 'admin-messages__row--new' : undefined}
            >
              <th scope="row" className="admin-table__key">
                <Link
                  to={{ search: openSearch(message.id) }}
                  className="admin-messages__open"
                  data-message-id={message.id}
                >
                  {message.name}
                  {message.state === 'new' && (
                    <span className="visually-hidden"> {t('messages.unreadMark')}</span>
                  )}
                </Link>
              </th>
              <td>
                <MessageStateTag state={message.state} />
              </td>
              <td>
                {message.subject
                  ? t(`contact:subjects.${message.subject}`)
                  : t('messages.reply.noSubject')}
              </td>
              <td className="admin-messages__email">{message.email}</td>
              <td>
                <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
