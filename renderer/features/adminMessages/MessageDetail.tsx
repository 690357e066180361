import { useEffect, useId, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { adminErrorKey } from '../admin/adminErrorKey';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { useDateTime } from '../admin/useDateTime';
import { showToastAtom } from '../../toasts/toastAtoms';
import type { ContactMessageDetail } from './api';
import { MessageStateTag } from './MessageStateTag';
import { ReplyLink } from './ReplyLink';
import { useMessageActions } from './useMessageActions';
import { useMarkReadOnOpen } from './useMarkReadOnOpen';

/**
 * One message in full, its text as typed (line breaks kept, never read as HTML), and what can be
 * done with it: reply by mail, mark it handled or unread, delete it.
 */
export function MessageDetail({
  message,
  backTo,
  onClosed,
}: {
  message: ContactMessageDetail;
  /** The list's query string, filters and page kept. */
  backTo: string;
  /** The message was deleted or put back to unread: the list shows again. */
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation(['adminPeople', 'admin', 'contact']);
  const id = useId();
  const dateTime = useDateTime();
  const showToast = useSetAtom(showToastAtom);
  const { changeState, remove } = useMessageActions(message.id);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useMarkReadOnOpen(message, changeState);

  // The reader lands on the message they opened, not at the top of the page.
  useEffect(() => {
    heading.current?.focus();
  }, [message.id]);

  const busy = changeState.isPending || remove.isPending;
  const language = new Intl.DisplayNames([i18n.language], { type: 'language' }).of(message.locale);
  const handled = message.state === 'handled';

  return (
    <article className="admin-message" aria-labelledby={`${id}-title`}>
      <p className="admin-message__back">
        <Link to={{ search: backTo }} state={{ returnTo: message.id }} className="text-link">
          {t('messages.detail.back')}
        </Link>
      </p>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="admin-section__title">
        {message.subject ? t(`contact:subjects.${message.subject}`) : t('messages.reply.noSubject')}
      </h2>
      <dl className="admin-message__facts">
        <div>
          <dt>{t('messages.detail.from')}</dt>
          <dd>
            {message.name} ({message.email})
          </dd>
        </div>
        <div>
          <dt>{t('messages.detail.received')}</dt>
          <dd>
            <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('messages.detail.language')}</dt>
          <dd>{language}</dd>
        </div>
        <div>
          <dt>{t('messages.detail.state')}</dt>
          <dd>
            <MessageStateTag state={message.state} />
          </dd>
        </div>
      </dl>
      <h3 className="visually-hidden">{t('messages.detail.text')}</h3>
      <p className="admin-message__text" lang={message.locale}>
        {message.message}
      </p>
      <div className="admin-message__actions">
        <ReplyLink message={message} label={t('messages.actions.reply')} />
        <button
          type="button"
          className="button-link"
          aria-disabled={busy}
          onClick={() => {
            if (busy) return;
            changeState.mutate(handled ? 'read' : 'handled', {
              onSuccess: () => {
                showToast({
                  kind: 'success',
                  message: t(handled ? 'messages.done.reopened' : 'messages.done.handled'),
                });
              },
            });
          }}
        >
          {t(handled ? 'messages.actions.reopen' : 'messages.actions.handle')}
        </button>
        {message.state !== 'new' && (
          <button
            type="button"
            className="button-link"
            aria-disabled={busy}
            onClick={() => {
              if (busy) return;
              changeState.mutate('new', {
                onSuccess: () => {
                  showToast({ kind: 'success', message: t('messages.done.unread') });
                  onClosed();
                },
              });
            }}
          >
            {t('messages.actions.unread')}
          </button>
        )}
        <button
          type="button"
          className="button-link button-link--danger"
          aria-disabled={busy}
          onClick={() => {
            if (busy) return;
            remove.reset();
            setConfirming(true);
          }}
        >
          {t('messages.actions.delete')}
        </button>
      </div>
      <div role="alert" className="admin-message__error">
        {changeState.isError && (
          <p className="admin-notice">{t(`admin:${adminErrorKey(changeState.error)}`)}</p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('messages.delete.title')}
        confirmLabel={t('messages.delete.confirm')}
        busyLabel={t('messages.delete.busy')}
        busy={remove.isPending}
        error={remove.isError ? t(`admin:${adminErrorKey(remove.error)}`) : null}
        danger
        onCancel={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              showToast({ kind: 'success', message: t('messages.done.deleted') });
              onClosed();
            },
          });
        }}
      >
        <p>{t('messages.delete.text', { name: message.name, email: message.email })}</p>
      </ConfirmDialog>
    </article>
  );
}
