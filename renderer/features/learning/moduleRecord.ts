import type { BadgeTier, LearnerProgress } from './types';

/**
 * What one learner has done in one module, whoever they are: a signed-in learner's comes from
 * the database, a visitor's from this visit's memory (visitorProgress.ts).
 */
export interface ModuleRecord {
  /** A signed-in learner has a progress row; a visitor has marked a step or tried the quiz. */
  started: boolean;
  /** When each completed step was (first) completed, by position. */
  stepsCompletedAt: ReadonlyMap<number, string>;
  attempts: number;
  quizPassed: boolean;
  /** Every step done and the quiz passed. */
  completed: boolean;
  badge: BadgeTier | null;
}

export const EMPTY_RECORD: ModuleRecord = {
  started: false,
  stepsCompletedAt: new Map(),
  attempts: 0,
  quizPassed: false,
  completed: false,
  badge: null,
};

/** A signed-in learner's record of a module. */
export function recordFromProgress(progress: LearnerProgress, moduleId: string): ModuleRecord {
  const module = progress.modules.get(moduleId);
  if (!module) return EMPTY_RECORD;
  return {
    started: true,
    stepsCompletedAt: module.stepsCompletedAt,
    attempts: module.attempts.length,
    quizPassed: module.quizPassedAt !== null,
    completed: module.status === 'completed',
    badge: progress.badges.find((badge) => badge.moduleId === moduleId)?.tier ?? null,
  };
}
