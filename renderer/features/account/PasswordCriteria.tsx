import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS, passwordCriteria } from '../../../shared/password';
import { loadCommonPasswordCheck } from './commonPasswordCheck';

/**
 * The password rule, each criterion ticked as it is met while the person types. The list is a
 * polite live region: a screen reader says a criterion when its state changes.
 */
export function PasswordCriteria({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('account');
  // Typing a new password is the moment to fetch the common-password check the form runs on
  // submit: early enough to have arrived by then, late enough that no other visit pays for it.
  const typing = password !== '';
  useEffect(() => {
    if (typing) void loadCommonPasswordCheck();
  }, [typing]);
  return (
    <div id={id} className="password-criteria">
      <p className="password-criteria__title">{t('criteria.title')}</p>
      <ul className="password-criteria__list" aria-live="polite">
        {passwordCriteria(password).map(({ criterion, met }) => (
          <li
            key={criterion}
            className={
              met
                ? 'password-criteria__item password-criteria__item--met'
                : 'password-criteria__item'
            }
          >
            <span aria-hidden="true" className="password-criteria__mark">
              {met ? '✓' : '•'}
            </span>{' '}
            {t(`criteria.${criterion}`, { min: PASSWORD_MIN_LENGTH, symbols: PASSWORD_SYMBOLS })}
            <span className="visually-hidden">
              {' '}
              ({met ? t('criteria.met') : t('criteria.unmet')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
