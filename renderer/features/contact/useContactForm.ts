import { useRef, useState } from 'react';
import {
  CONTACT_FIELDS,
  checkContactMessage,
  contactErrors,
  type ContactErrors,
  type ContactField,
  type ContactInput,
  type ContactMessage,
} from '../../../shared/contact';
import type { SendOutcome } from './useSendContactMessage';

/** Where the form stands; a failure says why, so the page can say what to do about it. */
export type FormStatus =
  | { phase: 'editing' }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'failed'; reason: 'rateLimited' | 'failed' | 'trap' };

interface Draft extends Omit<ContactInput, 'email'> {
  /** Null until the visitor types in it: the field then shows the account's address, if any. */
  email: string | null;
  /** The honeypot: people never see it, so anything in it was typed by a robot. */
  trap: string;
}

const EMPTY: Draft = { name: '', email: null, subject: '', message: '', trap: '' };

/** The draft after a message is stored: each field still as it was sent is emptied. */
function keepChangedSince(current: Draft, sent: Draft): Draft {
  const kept = (field: keyof Draft) =>
    current[field] === sent[field] ? EMPTY[field] : current[field];
  return {
    name: kept('name') ?? '',
    email: kept('email'),
    subject: kept('subject') ?? '',
    message: kept('message') ?? '',
    trap: kept('trap') ?? '',
  };
}

export interface ContactForm {
  values: ContactInput;
  trap: string;
  errors: ContactErrors;
  status: FormStatus;
  change: (field: ContactField, value: string) => void;
  changeTrap: (value: string) => void;
  /** Checks a field the visitor has typed in when they leave it. */
  blur: (field: ContactField) => void;
  /** Checks everything, then sends; `focus` receives the first invalid field, if any. */
  submit: (focus: (field: ContactField) => void) => Promise<void>;
}

/**
 * The contact form's state. Errors appear when a field that was typed in is left, and on submit;
 * once shown, an error follows each keystroke so that it goes away as soon as it is fixed. What
 * was typed is cleared only once the message is stored.
 */
export function useContactForm(
  accountEmail: string | null,
  send: (message: ContactMessage) => Promise<SendOutcome>,
): ContactForm {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [edited, setEdited] = useState<ReadonlySet<ContactField>>(new Set());
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<FormStatus>({ phase: 'editing' });
  // A second click before React re-renders must not send the message twice.
  const sending = useRef(false);

  const values: ContactInput = { ...draft, email: draft.email ?? accountEmail ?? '' };

  const showError = (field: ContactField, input: ContactInput) => {
    setErrors((current) => ({ ...current, [field]: contactErrors(input)[field] }));
  };

  return {
    values,
    trap: draft.trap,
    errors,
    status,
    change(field, value) {
      setDraft((current) => ({ ...current, [field]: value }));
      setEdited((current) => (current.has(field) ? current : new Set(current).add(field)));
      if (errors[field] !== undefined) showError(field, { ...values, [field]: value });
    },
    changeTrap(value) {
      setDraft((current) => ({ ...current, trap: value }));
    },
    blur(field) {
      if (edited.has(field) || errors[field] !== undefined) showError(field, values);
    },
    async submit(focus) {
      if (sending.current) return;
      const check = checkContactMessage(values);
      if (!check.ok) {
        setErrors(check.errors);
        setStatus({ phase: 'editing' });
        const first = CONTACT_FIELDS.find((field) => check.errors[field] !== undefined);
        if (first) focus(first);
        return;
      }
      setErrors({});
      if (draft.trap !== '') {
        setStatus({ phase: 'failed', reason: 'trap' });
        return;
      }
      sending.current = true;
      setStatus({ phase: 'sending' });
      const submitted = draft;
      const outcome = await send(check.message);
      sending.current = false;
      if (outcome === 'sent') {
        // Only what was sent is cleared: anything typed while it was on its way stays.
        setDraft((current) => keepChangedSince(current, submitted));
        setEdited(new Set());
        setStatus({ phase: 'sent' });
      } else {
        setStatus({ phase: 'failed', reason: outcome });
      }
    },
  };
}
