import '../styles/learning.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AccountInvitation } from '../features/learning/AccountInvitation';
import { countWords, estimatedMinutes } from '../features/learning/estimatedTime';
import { useModule, useModuleList } from '../features/learning/hooks';
import { ModuleNeighbours } from '../features/learning/ModuleNeighbours';
import { Quiz } from '../features/learning/Quiz';
import { StepList } from '../features/learning/StepList';
import type { ModuleDetail } from '../features/learning/types';
import { useModuleRecords } from '../features/learning/useModuleRecords';
import NotFoundPage from './NotFoundPage';
import { LoadedData } from './parts/LoadedData';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

function Module({ module }: { module: ModuleDetail }) {
  const { t } = useTranslation('learning');
  const records = useModuleRecords();
  const list = useModuleList();
  const quizHeading = useRef<HTMLHeadingElement>(null);
  const record = records.recordOf(module.id);
  useDocumentTitle(module.title);
  useDocumentDescription(module.summary);
  const words = module.steps.reduce(
    (total, step) => total + countWords(step.title) + countWords(step.body),
    0,
  );
  const goToQuiz = () => {
    quizHeading.current?.scrollIntoView({ block: 'start' });
    quizHeading.current?.focus();
  };
  return (
    <>
      <p className="learning-back">
        <Link to="/learning">{t('module.backToList')}</Link>
      </p>
      <header className="page-heading">
        <h1 className="page-heading__title">{module.title}</h1>
        <p className="learning-module__level">
          <span className="learning-level-tag">
            {t('levelLabel', { level: t(`levels.${module.level}`) })}
          </span>
        </p>
        {module.summary && <p className="page-heading__intro">{module.summary}</p>}
        <p className="learning-module__meta">
          {t('list.steps', { count: module.steps.length })} ·{' '}
          {t('list.questions', { count: module.questions.length })} ·{' '}
          {t('list.duration', { minutes: estimatedMinutes(words, module.questions.length) })}
        </p>
        <p className="learning-estimate-note">{t('list.estimateNote')}</p>
      </header>
      {records.learner === 'visitor' && (
        <AccountInvitation text={t('module.visitorNotice')} link={t('module.visitorLink')} />
      )}
      <section className="content-section" aria-labelledby="lesson-steps-title">
        <h2 id="lesson-steps-title">{t('module.stepsTitle')}</h2>
        <StepList module={module} record={record} learner={records.learner} onGoToQuiz={goToQuiz} />
      </section>
      <Quiz module={module} record={record} learner={records.learner} headingRef={quizHeading} />
      {list.data && <ModuleNeighbours modules={list.data} slug={module.slug} />}
    </>
  );
}

export default function LearningModulePage() {
  const { moduleSlug = '' } = useParams();
  const module = useModule(moduleSlug);
  if (module.isSuccess && module.data === null) return <NotFoundPage />;
  return (
    <article className="page learning-module-page">
      <LoadedData query={module}>
        {(detail) => detail && <Module key={detail.slug} module={detail} />}
      </LoadedData>
    </article>
  );
}
