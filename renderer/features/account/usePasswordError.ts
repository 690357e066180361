import { useTranslation } from 'react-i18next';
import { isPasswordTooLong, unmetPasswordCriteria } from '../../../shared/password';

/** The error of a password being chosen, or undefined when the rule is met. */
export function usePasswordError(): (password: string) => string | undefined {
  const { t } = useTranslation('account');
  return (password) => {
    if (password === '') return t('errors.passwordRequired');
    if (isPasswordTooLong(password)) return t('errors.passwordTooLong');
    return unmetPasswordCriteria(password).length > 0 ? t('errors.passwordWeak') : undefined;
  };
}
