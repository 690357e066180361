import '../styles/content.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LinkedText } from '../features/glossary/LinkedText';
import { useLinkedTexts } from '../features/glossary/useLinkedTexts';
import { HeadingLink } from '../features/outline/HeadingLink';
import { LinkedSection } from '../features/outline/LinkedSection';
import { OutlinedLayout } from '../features/outline/OutlinedLayout';
import { RiskIcon } from '../features/risks/RiskIcon';
import { PRACTICES, RISKS } from '../features/risks/riskCatalog';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { PageHeading } from './parts/PageHeading';

function RiskCard({ risk }: { risk: (typeof RISKS)[number] }) {
  const { t } = useTranslation(['risks', 'pages']);
  const item = `items.${risk}` as const;
  const examples = t(`${item}.examples`, { returnObjects: true });
  const [description, details, example, impact, ...cases] = useLinkedTexts([
    t(`${item}.description`),
    t(`${item}.details`),
    t(`${item}.example.text`),
    t(`${item}.impact`),
    ...examples,
  ]);
  return (
    <article className="content-card" aria-labelledby={`risk-${risk}`} id={risk}>
      <h2 id={`risk-${risk}`} className="content-card__title">
        <HeadingLink section={risk}>
          <RiskIcon risk={risk} />
          {t(`${item}.name`)}
        </HeadingLink>
      </h2>
      <p className="content-card__lead">
        <LinkedText segments={description ?? []} />
      </p>
      <p>
        <LinkedText segments={details ?? []} />
      </p>
      {/* Labelled by its heading and the risk's name: twelve regions, twelve names. */}
      <section className="risk-example" aria-labelledby={`risk-${risk}-example risk-${risk}`}>
        <h3 id={`risk-${risk}-example`} className="content-card__subtitle">
          {t('pages:risks.example')} · {t(`${item}.example.when`)}
        </h3>
        <p>
          <LinkedText segments={example ?? []} />
        </p>
      </section>
      <h3 className="content-card__subtitle">{t('pages:risks.impact')}</h3>
      <p>
        <LinkedText segments={impact ?? []} />
      </p>
      <h3 className="content-card__subtitle">{t('pages:risks.examples')}</h3>
      <ul>
        {examples.map((_, index) => (
          <li key={index}>
            <LinkedText segments={cases[index] ?? []} />
          </li>
        ))}
      </ul>
    </article>
  );
}

export default function RisksPage() {
  const { t } = useTranslation(['risks', 'pages']);
  const outline = [
    ...RISKS.map((risk) => ({ id: risk, label: t(`items.${risk}.name`) })),
    { id: 'practices', label: t('pages:risks.practices') },
  ];
  return (
    <article className="page page--outlined content-page">
      <OutlinedLayout
        label={t('pages:risks.toc')}
        items={outline}
        head={
          <>
            <PageHeading page="risks" />
            <NotAdviceNotice />
          </>
        }
      >
        <div className="content-stack">
          {RISKS.map((risk) => (
            <RiskCard key={risk} risk={risk} />
          ))}
        </div>
        <LinkedSection id="practices" title={t('pages:risks.practices')}>
          <ol className="practice-list">
            {PRACTICES.map((practice) => (
              <li key={practice} className="content-card">
                <h3 className="content-card__title">{t(`practices.${practice}.title`)}</h3>
                <p>{t(`practices.${practice}.text`)}</p>
              </li>
            ))}
          </ol>
        </LinkedSection>
        <section className="cta-panel" aria-labelledby="risks-cta">
          <h2 id="risks-cta">{t('cta.title')}</h2>
          <p>{t('cta.text')}</p>
          <Link to="/tools" className="button-link button-link--primary">
            {t('cta.action')}
          </Link>
        </section>
      </OutlinedLayout>
    </article>
  );
}
