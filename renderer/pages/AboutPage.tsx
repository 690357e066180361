import '../styles/content.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LinkedText } from '../features/glossary/LinkedText';
import { useLinkedTexts } from '../features/glossary/useLinkedTexts';
import { CONTACT_EMAIL } from '../layout/navigation';
import { PageHeading } from './parts/PageHeading';

const VALUES = ['transparency', 'education', 'accessibility', 'security'] as const;

export default function AboutPage() {
  const { t } = useTranslation(['about', 'pages']);
  const offer = t('offer.items', { returnObjects: true });
  const [mission, ...values] = useLinkedTexts([
    t('mission.text'),
    ...VALUES.map((value) => t(`values.${value}.text`)),
  ]);
  return (
    <article className="page content-page">
      <PageHeading page="about" />
      <section className="content-section content-section--panel" aria-labelledby="about-mission">
        <h2 id="about-mission">{t('mission.title')}</h2>
        <p>
          <LinkedText segments={mission ?? []} />
        </p>
      </section>
      <section className="content-section" aria-labelledby="about-values">
        <h2 id="about-values">{t('values.title')}</h2>
        <ul className="card-grid card-grid--wide">
          {VALUES.map((value, index) => (
            <li key={value} className="card content-card">
              <h3 className="content-card__title">{t(`values.${value}.title`)}</h3>
              <p>
                <LinkedText segments={values[index] ?? []} />
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="content-section content-section--panel" aria-labelledby="about-offer">
        <h2 id="about-offer">{t('offer.title')}</h2>
        <ul>
          {offer.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      </section>
      <section className="content-section content-section--panel" aria-labelledby="about-contact">
        <h2 id="about-contact">{t('contact.title')}</h2>
        <p>{t('contact.text', { email: CONTACT_EMAIL })}</p>
        <p className="content-actions">
          <Link to="/contact" className="button-link button-link--primary">
            {t('pages:contact.title')}
          </Link>
          <a href={`mailto:${CONTACT_EMAIL}`} className="button-link">
            {CONTACT_EMAIL}
          </a>
        </p>
      </section>
      <section
        className="content-section content-section--panel not-advice"
        aria-labelledby="about-disclaimer"
      >
        <h2 id="about-disclaimer">{t('disclaimer.title')}</h2>
        <p>{t('disclaimer.text')}</p>
      </section>
    </article>
  );
}
