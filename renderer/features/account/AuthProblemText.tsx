import { useTranslation } from 'react-i18next';
import type { AuthProblem } from './authProblem';

/**
 * An account request's problem in the reader's words, with what to do about it; `title`, when
 * given, names what failed first (e.g. 'Error updating password').
 */
export function AuthProblemText({ problem, title }: { problem: AuthProblem; title?: string }) {
  const { t } = useTranslation('account');
  return (
    <>
      {title !== undefined && <p className="form-status__title">{title}</p>}
      <p>
        {problem.kind === 'rateLimited' && problem.seconds !== null
          ? t('problems.rateLimitedSeconds', { count: problem.seconds })
          : t(`problems.${problem.kind}`)}
      </p>
    </>
  );
}
