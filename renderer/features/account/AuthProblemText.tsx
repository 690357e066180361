import { useTranslation } from 'react-i18next';
import type { AuthProblem } from './authProblem';

/** An account request's problem in the reader's words, with what to do about it. */
export function AuthProblemText({ problem }: { problem: AuthProblem }) {
  const { t } = useTranslation('account');
  if (problem.kind === 'rateLimited' && problem.seconds !== null) {
    return <p>{t('problems.rateLimitedSeconds', { count: problem.seconds })}</p>;
  }
  return <p>{t(`problems.${problem.kind}`)}</p>;
}
