import { BackendError, dataOf, throwIfFailed } from '../../app/backendError';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../../shared/contact';
import type { Backend } from '../../session/supabaseClient';
import { isMessageState, type MessageState } from './messageStates';

/** Messages per page of the admin list. */
export const MESSAGES_PAGE_SIZE = 25;

export interface MessageFilter {
  subject: ContactSubject | null;
  state: MessageState | null;
  page: number;
}

export interface MessageSummary {
  id: string;
  name: string;
  email: string;
  /** A subject of the contact form; null for one the form no longer offers. */
  subject: ContactSubject | null;
  state: MessageState;
  /** The language the sender wrote from. */
  locale: Language;
  createdAt: string;
}

export interface ContactMessageDetail extends MessageSummary {
  /** Plain text, as typed: never to be read as HTML. */
  message: string;
}

export interface MessagesPage {
  messages: MessageSummary[];
  total: number;
}

const SUMMARY_COLUMNS = 'id, name, email, subject, status, locale, created_at';

interface SummaryRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  status: string;
  locale: string;
  created_at: string;
}

const isSubject = (value: string): value is ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value);

function summaryOf(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: isSubject(row.subject) ? row.subject : null,
    // The table's check constraint allows these three states only.
    state: isMessageState(row.status) ? row.status : 'new',
    locale: isLanguage(row.locale) ? row.locale : DEFAULT_LANGUAGE,
    createdAt: row.created_at,
  };
}

/** One page of messages, newest first, of one subject and one state when asked. */
export async function listMessages(client: Backend, filter: MessageFilter): Promise<MessagesPage> {
  const from = (filter.page - 1) * MESSAGES_PAGE_SIZE;
  let request = client.from('contact_messages').select(SUMMARY_COLUMNS, { count: 'exact' });
  if (filter.subject !== null) request = request.eq('subject', filter.subject);
  if (filter.state !== null) request = request.eq('status', filter.state);
  const answer = await request
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + MESSAGES_PAGE_SIZE - 1);
  const rows = dataOf(answer);
  return { messages: rows.map(summaryOf), total: answer.count ?? rows.length };
}

/** One message with its text; null when it no longer exists. */
export async function fetchMessage(
  client: Backend,
  id: string,
): Promise<ContactMessageDetail | null> {
  const answer = await client
    .from('contact_messages')
    .select(`${SUMMARY_COLUMNS}, message`)
    .eq('id', id)
    .maybeSingle();
  throwIfFailed(answer);
  return answer.data && { ...summaryOf(answer.data), message: answer.data.message };
}

/** Moves a message to another state; a message deleted meanwhile is a P0002. */
export async function setMessageState(
  client: Backend,
  id: string,
  state: MessageState,
): Promise<void> {
  const rows = dataOf(
    await client.from('contact_messages').update({ status: state }).eq('id', id).select('id'),
  );
  if (rows.length === 0) throw new BackendError('No such message.', 'P0002');
}

/** Deletes a message for good; one deleted meanwhile is a P0002. */
export async function deleteMessage(client: Backend, id: string): Promise<void> {
  const rows = dataOf(await client.from('contact_messages').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw new BackendError('No such message.', 'P0002');
}
