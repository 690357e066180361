import '../../styles/learning.css';
import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadedData } from '../../pages/parts/LoadedData';
import { currentUserAtom } from '../../session/sessionAtoms';
import { BadgeMedal } from './BadgeMedal';
import { useLearnerProgress } from './hooks';
import { progressCounters } from './progressCounters';
import type { LearnerProgress } from './types';
import { useDateFormats } from './useDateFormats';

/** How many of the latest badges the summary lists. */
const RECENT_BADGES = 5;

function SummaryBody({ progress, titleId }: { progress: LearnerProgress; titleId: string }) {
  const { t } = useTranslation('learning');
  const formats = useDateFormats();
  const counters = progressCounters(progress);
  const figures = [
    { label: t('summary.modulesStarted'), value: counters.modulesStarted },
    { label: t('summary.modulesCompleted'), value: counters.modulesCompleted },
    { label: t('summary.stepsCompleted'), value: counters.stepsCompleted },
    { label: t('summary.badges'), value: counters.badges },
  ];
  return (
    <>
      <dl className="learning-counters">
        {figures.map((figure) => (
          <div key={figure.label} className="learning-counters__item">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <h3 id={titleId} className="learning-summary__subtitle">
        {t('summary.recentBadges')}
      </h3>
      {progress.badges.length === 0 ? (
        <p className="learning-summary__empty">{t('summary.noBadge')}</p>
      ) : (
        <ul className="badge-list" aria-labelledby={titleId}>
          {progress.badges.slice(0, RECENT_BADGES).map((badge) => (
            <li key={badge.moduleId} className="badge-list__item">
              <BadgeMedal tier={badge.tier} />
              <span className="badge-list__text">
                <span className="badge-list__tier">{t(`badgeTitle.${badge.tier}`)}</span>
                <Link to={`/learning/${badge.moduleSlug}`}>{badge.moduleTitle}</Link>
                <time dateTime={badge.awardedAt} className="badge-list__date">
                  {t('summary.awardedOn', { date: formats.day(badge.awardedAt) })}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The signed-in learner's counters (modules started and completed, steps completed, badges) and
 * latest badges; nothing for a visitor. Reads its own data, so any page can show it (it needs
 * the query cache: a route with `readsData`).
 */
export function LearningProgressSummary() {
  const { t } = useTranslation('learning');
  const user = useAtomValue(currentUserAtom);
  const progress = useLearnerProgress();
  const headingId = useId();
  const badgesId = useId();
  if (!user) return null;
  return (
    <section className="learning-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('summary.title')}</h2>
      <LoadedData query={progress}>
        {(data) => <SummaryBody progress={data} titleId={badgesId} />}
      </LoadedData>
    </section>
  );
}
