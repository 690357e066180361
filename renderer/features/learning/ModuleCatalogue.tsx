import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { estimatedMinutes } from './estimatedTime';
import { moduleState } from './moduleState';
import { ModuleStateLabel } from './ModuleStateLabel';
import { LEVELS, type Level, type ModuleSummary } from './types';
import type { ModuleRecords } from './useModuleRecords';

function ModuleCard({ module, records }: { module: ModuleSummary; records: ModuleRecords }) {
  const { t } = useTranslation('learning');
  const record = records.recordOf(module.id);
  return (
    <li className="module-card">
      <h3 className="module-card__title">
        <Link to={`/learning/${module.slug}`}>{module.title}</Link>
      </h3>
      {module.summary && <p className="module-card__summary">{module.summary}</p>}
      <p className="module-card__meta">
        {t('list.steps', { count: module.stepCount })} ·{' '}
        {t('list.questions', { count: module.questionCount })} ·{' '}
        {t('list.duration', {
          minutes: estimatedMinutes(module.wordCount, module.questionCount),
        })}
      </p>
      {record && (
        <p className="module-card__state">
          <ModuleStateLabel state={moduleState(record, module.stepCount)} />
        </p>
      )}
    </li>
  );
}

function LevelSection({
  level,
  modules,
  records,
}: {
  level: Level;
  modules: ModuleSummary[];
  records: ModuleRecords;
}) {
  const { t } = useTranslation('learning');
  const headingId = `learning-level-${level}`;
  return (
    <section className="content-section learning-level" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`levels.${level}`)}</h2>
      <p className="learning-level__intro">{t(`levelIntro.${level}`)}</p>
      <ul className="module-cards">
        {modules.map((module) => (
          <ModuleCard key={module.id} module={module} records={records} />
        ))}
      </ul>
    </section>
  );
}

/** The modules by level, each with its size, an estimated time and the learner's state. */
export function ModuleCatalogue({
  modules,
  records,
}: {
  modules: ModuleSummary[];
  records: ModuleRecords;
}) {
  const { t } = useTranslation('learning');
  return (
    <>
      <p className="learning-estimate-note">{t('list.estimateNote')}</p>
      {LEVELS.map((level) => {
        const ofLevel = modules.filter((module) => module.level === level);
        return ofLevel.length === 0 ? null : (
          <LevelSection key={level} level={level} modules={ofLevel} records={records} />
        );
      })}
    </>
  );
}
