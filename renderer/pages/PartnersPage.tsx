import '../styles/content.css';
import '../features/partners/partners.css';
import type { ReactNode } from 'react';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PROVIDER_URL } from '../features/market/MarketSource';
import {
  OPEN_SOURCE_GROUPS,
  PROJECT_LICENSE,
  type OpenSourceProject,
} from '../features/partners/openSourceProjects';
import { ExternalLink } from '../platform/ExternalLink';
import { PageHeading } from './parts/PageHeading';

/**
 * A link to another site that says so: an icon for the eye, and the words for screen readers,
 * which hear them as part of the link's name wherever they land on it.
 */
function OutsideLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation('partners');
  return (
    <ExternalLink href={href} className="outside-link">
      {children}
      <ExportOutlined aria-hidden="true" className="outside-link__icon" />
      <span className="visually-hidden"> {t('openSource.externalHint')}</span>
    </ExternalLink>
  );
}

function ProjectCard({ project }: { project: OpenSourceProject }) {
  const { t } = useTranslation('partners');
  return (
    <li className="card content-card partner-card">
      <p className="partner-card__name">
        <OutsideLink href={project.url}>{project.name}</OutsideLink>
      </p>
      <p className="partner-card__role">{t(`projects.${project.key}`)}</p>
      <p className="partner-card__license">{t('openSource.license', { id: project.license })}</p>
    </li>
  );
}

export default function PartnersPage() {
  const { t } = useTranslation(['partners', 'pages']);
  return (
    <article className="page content-page">
      <PageHeading page="partners" />
      <section
        className="content-section content-section--panel not-advice"
        aria-labelledby="partners-independence"
      >
        <h2 id="partners-independence">{t('independence.title')}</h2>
        <p>{t('independence.text', { license: PROJECT_LICENSE })}</p>
      </section>

      <section className="content-section content-section--panel" aria-labelledby="partners-market">
        <h2 id="partners-market">{t('market.title')}</h2>
        <p>{t('market.text')}</p>
        <p>{t('market.notCommercial')}</p>
        <p>
          <OutsideLink href={PROVIDER_URL}>{t('market.attribution')}</OutsideLink>
        </p>
      </section>

      <section className="content-section" aria-labelledby="partners-open-source">
        <h2 id="partners-open-source">{t('openSource.title')}</h2>
        <p className="content-page__lead">{t('openSource.intro')}</p>
        {OPEN_SOURCE_GROUPS.map((group) => (
          <section
            key={group.key}
            className="partner-group"
            aria-labelledby={`partners-group-${group.key}`}
          >
            <h3 id={`partners-group-${group.key}`} className="partner-group__title">
              {t(`openSource.groups.${group.key}.title`)}
            </h3>
            <p className="partner-group__text">{t(`openSource.groups.${group.key}.text`)}</p>
            <ul className="card-grid partner-grid">
              {group.projects.map((project) => (
                <ProjectCard key={project.key} project={project} />
              ))}
            </ul>
          </section>
        ))}
        <p className="partner-note">{t('openSource.fullList')}</p>
      </section>

      <section
        className="content-section content-section--panel"
        aria-labelledby="partners-contribute"
      >
        <h2 id="partners-contribute">{t('contribute.title')}</h2>
        <p>{t('contribute.text', { license: PROJECT_LICENSE })}</p>
        <p className="content-actions">
          <Link to="/contact" className="button-link button-link--primary">
            {t('contribute.action')}
          </Link>
        </p>
      </section>
    </article>
  );
}
