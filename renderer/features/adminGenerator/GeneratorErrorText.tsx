import { useTranslation } from 'react-i18next';
import { GeneratorError } from './generatorError';
import { ProblemList } from './ProblemList';

/** The translated sentence for a generation that failed, saying what to do next. */
function useMessage(error: unknown): string {
  const { t } = useTranslation(['adminGenerator', 'admin']);
  if (!(error instanceof GeneratorError)) return t('admin:errors.network');
  const { details } = error;
  switch (error.code) {
    case 'network':
      return t('admin:errors.network');
    case 'not_signed_in':
      return t('errors.notSignedIn');
    case 'forbidden':
      return t('admin:errors.forbidden');
    case 'not_configured':
      return t('errors.notConfigured');
    case 'invalid_request':
      return t('errors.invalidRequest');
    case 'token_not_found':
      return t('errors.tokenNotFound');
    case 'provider_timeout':
      return t('errors.providerTimeout');
    case 'provider_rate_limited':
      return typeof details.retry_after_seconds === 'number'
        ? t('errors.rateLimitedSeconds', { count: details.retry_after_seconds })
        : t('errors.rateLimited');
    case 'provider_error': {
      const status = details.provider_status;
      if (typeof status !== 'number') return t('errors.providerUnreachable');
      return status === 401 || status === 403
        ? t('errors.providerKey', { status })
        : t('errors.providerStatus', { status });
    }
    case 'malformed_output':
      return details.reason === 'rules' ? t('errors.malformedRules') : t('errors.malformed');
    default:
      return t('admin:errors.generic');
  }
}

/** Why the generation failed and what to do, with the problems the function listed, if any. */
export function GeneratorErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('adminGenerator');
  const message = useMessage(error);
  const problems = error instanceof GeneratorError ? error.problems : [];
  return (
    <>
      <p>{message}</p>
      {problems.length > 0 && (
        <>
          <p>{t('errors.problemsTitle')}</p>
          <ProblemList problems={problems} />
        </>
      )}
    </>
  );
}
