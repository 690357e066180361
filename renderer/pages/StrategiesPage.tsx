import '../styles/content.css';
import { useTranslation } from 'react-i18next';
import { LinkedText } from '../features/glossary/LinkedText';
import { useLinkedTexts } from '../features/glossary/useLinkedTexts';
import {
  CASE_STUDIES,
  STRATEGIES,
  type RiskLevel,
  type StrategyKey,
} from '../features/strategies/strategyCatalog';
import { HeadingLink } from '../features/outline/HeadingLink';
import { LinkedSection } from '../features/outline/LinkedSection';
import { OutlinedLayout } from '../features/outline/OutlinedLayout';
import { RiskLevelIcon } from '../features/strategies/RiskLevelIcon';
import { StrategyComparison } from '../features/strategies/StrategyComparison';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { PageHeading } from './parts/PageHeading';

function StrategyCard({ strategy, risk }: { strategy: StrategyKey; risk: RiskLevel }) {
  const { t } = useTranslation(['strategies', 'pages']);
  const item = `items.${strategy}` as const;
  const pros = t(`${item}.pros`, { returnObjects: true });
  const cons = t(`${item}.cons`, { returnObjects: true });
  const [description, howItWorks, ...points] = useLinkedTexts([
    t(`${item}.description`),
    t(`${item}.howItWorks`),
    ...pros,
    ...cons,
  ]);
  const headingId = `strategy-${strategy}`;
  return (
    <article className="content-card" aria-labelledby={headingId} id={strategy}>
      <header className="content-card__header">
        <h2 id={headingId} className="content-card__title">
          <HeadingLink section={strategy}>{t(`${item}.name`)}</HeadingLink>
        </h2>
        <span className={`risk-tag risk-tag--${risk}`}>
          <RiskLevelIcon level={risk} />
          {t('pages:strategies.risk', { level: t(`pages:strategies.riskLevel.${risk}`) })}
        </span>
      </header>
      <p>
        <LinkedText segments={description ?? []} />
      </p>
      <h3 className="content-card__subtitle">{t('pages:strategies.howItWorks')}</h3>
      <p>
        <LinkedText segments={howItWorks ?? []} />
      </p>
      <div className="pros-cons">
        <section>
          <h3 className="content-card__subtitle">{t('pages:strategies.pros')}</h3>
          <ul className="pros-cons__list pros-cons__list--pros">
            {pros.map((_, index) => (
              <li key={index}>
                <LinkedText segments={points[index] ?? []} />
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="content-card__subtitle">{t('pages:strategies.cons')}</h3>
          <ul className="pros-cons__list pros-cons__list--cons">
            {cons.map((_, index) => (
              <li key={index}>
                <LinkedText segments={points[pros.length + index] ?? []} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}

function CaseStudy({ profile }: { profile: (typeof CASE_STUDIES)[number] }) {
  const { t } = useTranslation(['strategies', 'pages']);
  const study = `caseStudies.${profile}` as const;
  const lessons = t(`${study}.lessons`, { returnObjects: true });
  const [who, goal, approach] = useLinkedTexts([
    t(`${study}.profile`),
    t(`${study}.goal`),
    t(`${study}.approach`),
  ]);
  return (
    <article className="content-card" aria-labelledby={`case-${profile}`}>
      <h3 id={`case-${profile}`} className="content-card__title">
        {t(`${study}.title`)}
      </h3>
      <dl className="case-study">
        <dt>{t('pages:strategies.caseProfile')}</dt>
        <dd>
          <LinkedText segments={who ?? []} />
        </dd>
        <dt>{t('pages:strategies.caseGoal')}</dt>
        <dd>
          <LinkedText segments={goal ?? []} />
        </dd>
        <dt>{t('pages:strategies.caseApproach')}</dt>
        <dd>
          <LinkedText segments={approach ?? []} />
        </dd>
      </dl>
      <h4 className="content-card__subtitle">{t('pages:strategies.caseLessons')}</h4>
      <ul>
        {lessons.map((lesson, index) => (
          <li key={index}>{lesson}</li>
        ))}
      </ul>
    </article>
  );
}

export default function StrategiesPage() {
  const { t } = useTranslation(['strategies', 'pages']);
  const outline = [
    { id: 'at-a-glance', label: t('pages:strategies.compare.title') },
    ...STRATEGIES.map(({ key }) => ({ id: key, label: t(`items.${key}.name`) })),
    { id: 'case-studies', label: t('pages:strategies.caseStudies') },
  ];
  return (
    <article className="page page--outlined content-page">
      <OutlinedLayout
        label={t('pages:strategies.toc')}
        items={outline}
        head={
          <>
            <PageHeading page="strategies" />
            <NotAdviceNotice />
          </>
        }
      >
        <LinkedSection id="at-a-glance" title={t('pages:strategies.compare.title')}>
          <StrategyComparison titleId="at-a-glance-title" />
          <p className="content-section__note">{t('pages:strategies.compare.note')}</p>
        </LinkedSection>
        <div className="content-stack content-section">
          {STRATEGIES.map(({ key, risk }) => (
            <StrategyCard key={key} strategy={key} risk={risk} />
          ))}
        </div>
        <LinkedSection id="case-studies" title={t('pages:strategies.caseStudies')}>
          <p>{t('caseStudies.intro')}</p>
          <div className="content-grid">
            {CASE_STUDIES.map((profile) => (
              <CaseStudy key={profile} profile={profile} />
            ))}
          </div>
        </LinkedSection>
      </OutlinedLayout>
    </article>
  );
}
