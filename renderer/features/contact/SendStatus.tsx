import { useTranslation } from 'react-i18next';
import { ActionStatus } from '../../forms/ActionStatus';
import { CONTACT_EMAIL } from '../../layout/navigation';
import type { FormStatus } from './useContactForm';

/** Why a failed send failed, in the visitor's words: a title and what to do next. */
function FailureText({ reason }: { reason: Extract<FormStatus, { phase: 'failed' }>['reason'] }) {
  const { t } = useTranslation(['contact', 'common']);
  if (reason === 'trap') {
    return (
      <>
        <p className="form-status__title">{t('status.trap.title')}</p>
        <p>{t('status.trap.text')}</p>
      </>
    );
  }
  return (
    <>
      <p className="form-status__title">
        {reason === 'rateLimited' ? t('status.rateLimited.title') : t('common:messages.sendError')}
      </p>
      <p>
        {reason === 'rateLimited' ? t('status.rateLimited.text') : t('common:messages.tryLater')}{' '}
        {t('status.kept')}
      </p>
    </>
  );
}

/** What became of the last send, in the visitor's words, next to the button that started it. */
export function SendStatus({ status }: { status: FormStatus }) {
  const { t } = useTranslation(['contact', 'common']);
  return (
    <ActionStatus
      progress={status.phase === 'sending' ? t('status.sending') : null}
      success={
        status.phase === 'sent' && (
          <>
            <p className="form-status__title">{t('common:messages.messageSent')}</p>
            <p>{t('common:messages.willRespond')}</p>
          </>
        )
      }
      failure={
        status.phase === 'failed' && (
          <>
            <FailureText reason={status.reason} />
            <p>
              {t('status.byMail')} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
          </>
        )
      }
    />
  );
}
