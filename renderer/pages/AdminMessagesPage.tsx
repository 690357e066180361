import '../features/adminMessages/adminMessages.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AdminFrame } from '../features/admin/AdminFrame';
import { adminErrorKey } from '../features/admin/adminErrorKey';
import { MESSAGES_PAGE_SIZE } from '../features/adminMessages/api';
import { MessageDetail } from '../features/adminMessages/MessageDetail';
import { MessageFilters } from '../features/adminMessages/MessageFilters';
import {
  type MessageListState,
  useMessageListState,
  writeMessageListState,
} from '../features/adminMessages/messageListState';
import { MessageTable } from '../features/adminMessages/MessageTable';
import { useAdminMessage, useAdminMessages } from '../features/adminMessages/useAdminMessages';
import { Pager } from '../features/admin/Pager';
import { NoticePanel } from './parts/NoticePanel';

/** The message a return to the list comes from (`location.state.returnTo`), if any. */
function returnedFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  return typeof state.returnTo === 'string' ? state.returnTo : null;
}

const searchOf = (state: MessageListState, change: Partial<MessageListState>) =>
  writeMessageListState({ ...state, ...change }).toString();

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-notice" role="alert">
      <p>{t(adminErrorKey(error))}</p>
      <button type="button" className="text-button" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}

function MessageList({
  state,
  onFilter,
}: {
  state: MessageListState;
  onFilter: (change: Partial<MessageListState>) => void;
}) {
  const { t } = useTranslation(['adminPeople', 'common']);
  const list = useAdminMessages({ subject: state.subject, state: state.state, page: state.page });
  const location = useLocation();
  const container = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef<string | null>(null);
  const returnTo = returnedFrom(location.state);
  const loaded = list.data !== undefined;

  // Back from a message: the focus returns to its row, or to the list's heading once it is gone.
  useEffect(() => {
    if (returnTo === null || !loaded || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    const row = container.current?.querySelector<HTMLElement>(
      `[data-message-id="${CSS.escape(returnTo)}"]`,
    );
    (row ?? heading.current)?.focus();
  }, [returnTo, loaded, location.key]);

  const filtered = state.subject !== null || state.state !== null;
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  return (
    <section ref={container} className="admin-section" aria-labelledby="admin-messages-title">
      <h2 id="admin-messages-title" ref={heading} tabIndex={-1} className="admin-section__title">
        {t('messages.title')}
      </h2>
      <MessageFilters
        subject={state.subject}
        state={state.state}
        onChange={(change) => {
          onFilter({ ...change, page: 1 });
        }}
      />
      <p className="admin-status-line" role="status">
        {list.data ? t('messages.count', { count: total }) : ''}
      </p>
      {list.isError && (
        <LoadFailure
          error={list.error}
          onRetry={() => {
            void list.refetch();
          }}
        />
      )}
      {list.data === undefined ? (
        !list.isError && <p className="data-loading">{t('common:data.loading')}</p>
      ) : list.data.messages.length === 0 ? (
        <NoticePanel
          message={
            state.page > 1 && total > 0
              ? t('messages.pastEnd')
              : filtered
                ? t('messages.emptyFiltered')
                : t('messages.empty')
          }
        >
          {state.page > 1 && total > 0 ? (
            <button
              type="button"
              className="button-link"
              onClick={() => {
                onFilter({ page: 1 });
              }}
            >
              {t('pager.first')}
            </button>
          ) : (
            filtered && (
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  onFilter({ subject: null, state: null, page: 1 });
                }}
              >
                {t('messages.showAll')}
              </button>
            )
          )}
        </NoticePanel>
      ) : (
        <>
          <MessageTable
            messages={list.data.messages}
            openSearch={(id) => searchOf(state, { message: id })}
          />
          <Pager
            page={state.page}
            pageCount={pageCount}
            searchFor={(page) => searchOf(state, { page })}
          />
        </>
      )}
    </section>
  );
}

function OpenMessage({ id, state }: { id: string; state: MessageListState }) {
  const { t } = useTranslation(['adminPeople', 'common']);
  const navigate = useNavigate();
  const message = useAdminMessage(id);
  const backTo = searchOf(state, { message: null });
  if (message.data === undefined) {
    return message.isError ? (
      <LoadFailure
        error={message.error}
        onRetry={() => {
          void message.refetch();
        }}
      />
    ) : (
      <p className="data-loading" role="status">
        {t('common:data.loading')}
      </p>
    );
  }
  if (message.data === null) {
    return (
      <NoticePanel message={t('messages.detail.gone')}>
        <button
          type="button"
          className="button-link"
          onClick={() => {
            void navigate({ search: backTo }, { replace: true });
          }}
        >
          {t('messages.detail.back')}
        </button>
      </NoticePanel>
    );
  }
  return (
    <MessageDetail
      message={message.data}
      backTo={backTo}
      onClosed={() => {
        void navigate({ search: backTo }, { replace: true, state: { returnTo: id } });
      }}
    />
  );
}

function MessagesBrowser() {
  const [state, setState] = useMessageListState();
  return state.message === null ? (
    <MessageList state={state} onFilter={setState} />
  ) : (
    <OpenMessage key={state.message} id={state.message} state={state} />
  );
}

/**
 * `/admin/messages`: the contact form's messages, newest first, filtered by subject and state;
 * one opens in full to be answered by mail, marked handled or deleted.
 */
export default function AdminMessagesPage() {
  return (
    <AdminFrame page="adminMessages">
      <MessagesBrowser />
    </AdminFrame>
  );
}
