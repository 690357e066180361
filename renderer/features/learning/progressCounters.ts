import type { LearnerProgress } from './types';

export interface ProgressCounters {
  modulesStarted: number;
  modulesCompleted: number;
  stepsCompleted: number;
  badges: number;
}

/** The learner's totals, over every module they have a record of. */
export function progressCounters(progress: LearnerProgress): ProgressCounters {
  const modules = [...progress.modules.values()];
  return {
    modulesStarted: modules.length,
    modulesCompleted: modules.filter((module) => module.status === 'completed').length,
    stepsCompleted: modules.reduce((total, module) => total + module.stepsCompletedAt.size, 0),
    badges: progress.badges.length,
  };
}
