import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from './parts/useDocumentTitle';

const sections = [
  { to: '/dictionary', label: 'nav.dictionary', text: 'sections.dictionary' },
  { to: '/tokens', label: 'nav.tokens', text: 'sections.tokens' },
  { to: '/learning', label: 'nav.learning', text: 'sections.learning' },
  { to: '/risks', label: 'nav.risks', text: 'sections.risks' },
] as const;

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  useDocumentTitle('Blockademia');
  return (
    <article className="page home">
      <section className="home-hero">
        <h1 className="home-hero__title">{t('hero.title')}</h1>
        <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
        <div className="home-hero__actions">
          <Link to="/learning" className="button-link button-link--primary">
            {t('hero.start')}
          </Link>
          <Link to="/dictionary" className="button-link">
            {t('hero.explore')}
          </Link>
        </div>
      </section>
      <section className="home-sections" aria-labelledby="home-sections-title">
        <h2 id="home-sections-title">{t('sections.title')}</h2>
        <ul className="card-grid">
          {sections.map((section) => (
            <li key={section.to} className="card">
              <Link to={section.to} className="card__link">
                <h3 className="card__title">{t(section.label, { ns: 'common' })}</h3>
                <p className="card__text">{t(section.text)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
