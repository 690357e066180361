import { useTranslation } from 'react-i18next';
import { isPasswordTooLong, unmetPasswordCriteria } from '../../../shared/password';
import { isKnownCommonPassword } from './commonPasswordCheck';

/** The error of a password being chosen, or undefined when the rule is met. */
export function usePasswordError(): (password: string) => string | undefined {
  const { t } = useTranslation('account');
  return (password) => {
    if (password === '') return t('errors.passwordRequired');
    if (isPasswordTooLong(password)) return t('errors.passwordTooLong');
    if (unmetPasswordCriteria(password).length > 0) return t('errors.passwordWeak');
    return isKnownCommonPassword(password) ? t('errors.passwordCommon') : undefined;
  };
}
