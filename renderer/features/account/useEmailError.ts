import { useTranslation } from 'react-i18next';
import { accountEmailProblem } from '../../../shared/account';

/** The error of an address typed in an account form, or undefined when it can be sent. */
export function useEmailError(): (email: string) => string | undefined {
  const { t } = useTranslation('account');
  return (email) => {
    const problem = accountEmailProblem(email);
    if (problem === null) return undefined;
    return problem === 'required' ? t('errors.emailRequired') : t('errors.emailInvalid');
  };
}
