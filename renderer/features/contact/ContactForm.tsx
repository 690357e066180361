import { useId, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_SUBJECTS,
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  type ContactErrors,
  type ContactField,
} from '../../../shared/contact';
import { CharacterCounter } from '../../forms/CharacterCounter';
import { FormField } from '../../forms/FormField';
import { currentUserAtom } from '../../session/sessionAtoms';
import { HoneypotField } from './HoneypotField';
import { SendStatus } from './SendStatus';
import { useContactForm } from './useContactForm';
import { useSendContactMessage } from './useSendContactMessage';

/** Each field's error in the visitor's language (the rules in shared/ return codes). */
function useErrorTexts(errors: ContactErrors): Partial<Record<ContactField, string>> {
  const { t } = useTranslation(['contact', 'common']);
  return {
    name:
      errors.name &&
      t(`errors.name.${errors.name}`, { min: NAME_MIN_LENGTH, max: NAME_MAX_LENGTH }),
    email: errors.email && t(`errors.email.${errors.email}`, { max: EMAIL_MAX_LENGTH }),
    subject: errors.subject && t('common:messages.selectSubject'),
    message:
      errors.message &&
      t(`errors.message.${errors.message}`, { min: MESSAGE_MIN_LENGTH, max: MESSAGE_MAX_LENGTH }),
  };
}

/**
 * The contact form: checked with the database's own rules on blur and on submit, sent to
 * `contact_messages`, cleared only once the message is stored.
 */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const user = useAtomValue(currentUserAtom);
  const form = useContactForm(user?.email ?? null, useSendContactMessage());
  const errors = useErrorTexts(form.errors);
  const baseId = useId();
  const idOf = (field: ContactField | 'website' | 'counter') => `${baseId}-${field}`;
  const sending = form.status.phase === 'sending';
  const { values } = form;
  // Pressing the button blurs the field first. An error appearing then would push the button
  // from under the pointer and the click would be lost; submitting checks every field anyway.
  const pressingSubmit = useRef(false);
  const releaseSubmit = () => {
    pressingSubmit.current = false;
  };

  const control = (field: ContactField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    required: true,
    onBlur: () => {
      if (!pressingSubmit.current) form.blur(field);
    },
  });

  return (
    <form
      className="form-card"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        const element = event.currentTarget;
        void form.submit((field) => {
          const invalid = element.elements.namedItem(field);
          if (invalid instanceof HTMLElement) invalid.focus();
        });
      }}
    >
      <p className="form-card__required">{t('form.allRequired')}</p>
      <FormField id={idOf('name')} label={t('fields.name.label')} error={errors.name}>
        {(description) => (
          <input
            {...control('name')}
            {...description}
            type="text"
            className="form-field__control"
            autoComplete="name"
            onChange={(event) => {
              form.change('name', event.target.value);
            }}
          />
        )}
      </FormField>
      <FormField
        id={idOf('email')}
        label={t('fields.email.label')}
        hint={user?.email ? t('fields.email.accountHint') : t('fields.email.hint')}
        error={errors.email}
      >
        {(description) => (
          <input
            {...control('email')}
            {...description}
            type="email"
            className="form-field__control"
            autoComplete="email"
            spellCheck={false}
            onChange={(event) => {
              form.change('email', event.target.value);
            }}
          />
        )}
      </FormField>
      <FormField id={idOf('subject')} label={t('fields.subject.label')} error={errors.subject}>
        {(description) => (
          <select
            {...control('subject')}
            {...description}
            className="form-field__control"
            onChange={(event) => {
              form.change('subject', event.target.value);
            }}
          >
            <option value="">{t('fields.subject.placeholder')}</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`subjects.${subject}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={idOf('message')}
        label={t('fields.message.label')}
        hint={t('fields.message.hint', { min: MESSAGE_MIN_LENGTH, max: MESSAGE_MAX_LENGTH })}
        error={errors.message}
        describedBy={[idOf('counter')]}
        after={
          <CharacterCounter
            id={idOf('counter')}
            text={values.message}
            max={MESSAGE_MAX_LENGTH}
            label={(length) => t('fields.message.counter', { length, max: MESSAGE_MAX_LENGTH })}
          />
        }
      >
        {(description) => (
          <textarea
            {...control('message')}
            {...description}
            className="form-field__control form-field__control--message"
            rows={8}
            onChange={(event) => {
              form.change('message', event.target.value);
            }}
          />
        )}
      </FormField>
      <HoneypotField id={idOf('website')} value={form.trap} onChange={form.changeTrap} />
      <div className="form-card__actions">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus. */}
        <button
          type="submit"
          className="button-link button-link--primary form-card__submit"
          aria-disabled={sending || undefined}
          onPointerDown={() => {
            pressingSubmit.current = true;
          }}
          onPointerUp={releaseSubmit}
          onPointerLeave={releaseSubmit}
          onPointerCancel={releaseSubmit}
        >
          {sending ? t('form.sending') : t('form.submit')}
        </button>
        <SendStatus status={form.status} />
      </div>
    </form>
  );
}
