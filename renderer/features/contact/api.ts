import { BackendError } from '../../app/backendError';
import type { Language } from '../../../shared/catalog';
import { CONTACT_RATE_LIMIT_ERROR_CODE, type ContactMessage } from '../../../shared/contact';
import type { Backend } from '../../session/supabaseClient';

/** The database refused the message because its address sent too many within the hour. */
export class ContactRateLimitError extends BackendError {
  override name = 'ContactRateLimitError';
}

export interface ContactSender {
  /** The language of the page, so that the answer can be written in it. */
  locale: Language;
  /** The signed-in user's id, or null for a visitor. */
  userId: string | null;
}

/**
 * Stores a message in `contact_messages`. Nothing is read back: senders have no SELECT on the
 * table, so asking for the new row would turn a stored message into a refusal.
 */
export async function sendContactMessage(
  client: Backend,
  message: ContactMessage,
  sender: ContactSender,
): Promise<void> {
  const { error } = await client.from('contact_messages').insert({
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    locale: sender.locale,
    user_id: sender.userId,
  });
  if (!error) return;
  if (error.code === CONTACT_RATE_LIMIT_ERROR_CODE) throw new ContactRateLimitError(error.message);
  throw new BackendError(error.message);
}
