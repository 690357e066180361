import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactMessageDetail } from './api';
import { replyHref } from './replyHref';

function ReplyLinkInLanguage({ message, label }: { message: ContactMessageDetail; label: string }) {
  // The answer is written in the sender's language, so its subject is too.
  const { t } = useTranslation(['adminPeople', 'contact'], { lng: message.locale });
  const topic = message.subject
    ? t(`contact:subjects.${message.subject}`)
    : t('adminPeople:messages.reply.noSubject');
  return (
    <a
      className="button-link button-link--primary"
      href={replyHref(message.email, t('adminPeople:messages.reply.subject', { topic }))}
    >
      {label}
    </a>
  );
}

/** "Reply": the admin's mail client, with the sender's address and a subject filled in. */
export function ReplyLink({ message, label }: { message: ContactMessageDetail; label: string }) {
  return (
    <Suspense fallback={null}>
      <ReplyLinkInLanguage message={message} label={label} />
    </Suspense>
  );
}
