import '../../styles/content.css';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../app/routeTable';
import { CONTACT_EMAIL } from '../../layout/navigation';
import { PageHeading } from './PageHeading';

type LegalText = 'notice' | 'privacy' | 'cookies' | 'terms';

/** One of the legal texts: its sections in order, and the date it was last changed. */
export function LegalDocument({ page, text }: { page: PageKey; text: LegalText }) {
  const { t } = useTranslation('legal');
  const sections = t(`${text}.sections`, { returnObjects: true, email: CONTACT_EMAIL });
  return (
    <article className="page content-page legal-page">
      <PageHeading page={page} />
      <p className="legal-page__updated">{t('updated')}</p>
      {sections.map((section, index) => (
        <section
          key={index}
          className="content-section content-section--panel"
          aria-labelledby={`${text}-${index}`}
        >
          <h2 id={`${text}-${index}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
