import { useTranslation } from 'react-i18next';

/** The short notice every page that touches money carries. */
export function NotAdviceNotice() {
  const { t } = useTranslation('common');
  return (
    <p className="not-advice" role="note">
      <strong>{t('notAdvice.title')}</strong> {t('notAdvice.text')}
    </p>
  );
}
