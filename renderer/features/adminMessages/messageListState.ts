import { useUrlState } from '../../app/useUrlState';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../../shared/contact';
import { readPage } from '../adminUsers/usersListState';
import type { MessageFilter } from './api';
import { isMessageState } from './messageStates';

export interface MessageListState extends MessageFilter {
  /** The message open (`?message=<id>`), or null for the list. */
  message: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isSubject = (value: unknown): value is ContactSubject =>
  typeof value === 'string' && (CONTACT_SUBJECTS as readonly string[]).includes(value);

/** `?subject=bug&state=new&page=2&message=<id>`; unknown values are ignored. */
export function readMessageListState(params: URLSearchParams): MessageListState {
  const subject = params.get('subject');
  const state = params.get('state');
  const message = params.get('message');
  return {
    subject: isSubject(subject) ? subject : null,
    state: isMessageState(state) ? state : null,
    page: readPage(params),
    message: message !== null && UUID.test(message) ? message.toLowerCase() : null,
  };
}

/** Defaults are left out, so the plain list is plain `/admin/messages`. */
export function writeMessageListState(state: MessageListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.subject !== null) params.set('subject', state.subject);
  if (state.state !== null) params.set('state', state.state);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.message !== null) params.set('message', state.message);
  return params;
}

/** The list's filters, page and open message, kept in the URL. */
export function useMessageListState(): [
  MessageListState,
  (change: Partial<MessageListState>) => void,
] {
  // A change of `message` alone (closing a message once deleted or put back to unread) replaces
  // the history entry: Back then leads to the list, not to a message that is gone or closed.
  return useUrlState(readMessageListState, writeMessageListState, 'message');
}
