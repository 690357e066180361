import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The safety basics that hold for every token, said once here rather than repeated in each
 * sheet's own texts (which keep only what is specific to their token), with the lessons that
 * explain them.
 */
export function SheetGuideBasics() {
  const { t } = useTranslation('tokens');
  const rules = t('sheet.basics.rules', { returnObjects: true });
  return (
    <section className="content-card" aria-labelledby="basics-title">
      <h3 id="basics-title" className="content-card__title">
        {t('sheet.basics.title')}
      </h3>
      <ul>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p>
        {t('sheet.basics.more')}{' '}
        <Link to="/learning/wallets-and-keys">{t('sheet.basics.walletsModule')}</Link>
        {' · '}
        <Link to="/risks#practices">{t('sheet.basics.practices')}</Link>
      </p>
    </section>
  );
}
