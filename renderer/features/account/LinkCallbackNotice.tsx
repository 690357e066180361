import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { linkCallbackProblem } from './linkCallback';

/** Says why an emailed link that landed here did not sign the person in, and what to do. */
export function LinkCallbackNotice() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const problem = linkCallbackProblem(params, hash);
  if (problem === null) return null;
  return (
    <div className="auth-notice" role="alert">
      <p>{t(`callback.${problem}`)}</p>
    </div>
  );
}
