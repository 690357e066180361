import '../../styles/content.css';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../app/routeTable';
import { LinkedSection } from '../../features/outline/LinkedSection';
import { OutlinedLayout } from '../../features/outline/OutlinedLayout';
import { CONTACT_EMAIL } from '../../layout/navigation';
import { PageHeading } from './PageHeading';

type LegalText = 'notice' | 'privacy' | 'cookies' | 'terms';

/** One of the legal texts: its sections in order, and the date it was last changed. */
export function LegalDocument({ page, text }: { page: PageKey; text: LegalText }) {
  const { t } = useTranslation(['legal', 'common']);
  const sections = t(`${text}.sections`, { returnObjects: true, email: CONTACT_EMAIL });
  // Numbered from 1 in the address (#privacy-3), the same in every language.
  const sectionId = (index: number) => `${text}-${index + 1}`;
  return (
    <article className="page page--outlined content-page legal-page">
      <OutlinedLayout
        label={t('common:outline.label')}
        items={sections.map((section, index) => ({ id: sectionId(index), label: section.heading }))}
        head={
          <>
            <PageHeading page={page} />
            <p className="legal-page__updated">{t('updated')}</p>
          </>
        }
      >
        {sections.map((section, index) => (
          <LinkedSection
            key={index}
            id={sectionId(index)}
            title={section.heading}
            className="content-section content-section--panel"
          >
            {section.paragraphs.map((paragraph, paragraphIndex) => (
              <p key={paragraphIndex}>{paragraph}</p>
            ))}
          </LinkedSection>
        ))}
      </OutlinedLayout>
    </article>
  );
}
