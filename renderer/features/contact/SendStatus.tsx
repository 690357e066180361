import { useTranslation } from 'react-i18next';
import { CONTACT_RATE_LIMIT } from '../../../shared/contact';
import { CONTACT_EMAIL } from '../../layout/navigation';
import type { FormStatus } from './useContactForm';

/** Why a failed send failed, in the visitor's words: a title and what to do next. */
function FailureText({ reason }: { reason: Extract<FormStatus, { phase: 'failed' }>['reason'] }) {
  const { t } = useTranslation(['contact', 'common']);
  if (reason === 'trap') {
    return (
      <>
        <p className="contact-status__title">{t('status.trap.title')}</p>
        <p>{t('status.trap.text')}</p>
      </>
    );
  }
  return (
    <>
      <p className="contact-status__title">
        {reason === 'rateLimited' ? t('status.rateLimited.title') : t('common:messages.sendError')}
      </p>
      <p>
        {reason === 'rateLimited'
          ? t('status.rateLimited.text', { limit: CONTACT_RATE_LIMIT.messages })
          : t('common:messages.tryLater')}{' '}
        {t('status.kept')}
      </p>
    </>
  );
}

/**
 * What became of the last send, next to the button that started it: progress and success in a
 * polite status region, failures in an alert. Both regions stay in the page, empty when there
 * is nothing to say, so that screen readers announce what appears in them.
 */
export function SendStatus({ status }: { status: FormStatus }) {
  const { t } = useTranslation(['contact', 'common']);
  return (
    <>
      <div role="status" className="contact-status-region">
        {status.phase === 'sending' && (
          <p className="contact-status__progress">{t('status.sending')}</p>
        )}
        {status.phase === 'sent' && (
          <div className="contact-status contact-status--success">
            <p className="contact-status__title">{t('common:messages.messageSent')}</p>
            <p>{t('common:messages.willRespond')}</p>
          </div>
        )}
      </div>
      <div role="alert" className="contact-status-region">
        {status.phase === 'failed' && (
          <div className="contact-status contact-status--error">
            <FailureText reason={status.reason} />
            <p>
              {t('status.byMail')} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
          </div>
        )}
      </div>
    </>
  );
}
