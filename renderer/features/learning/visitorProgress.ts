import { atom } from 'jotai';
import { EMPTY_RECORD, type ModuleRecord } from './moduleRecord';

/**
 * A visitor's progress, by module id: in memory for this visit only. Nothing is stored on the
 * device or sent to the server, so a reload starts again from nothing (the pages say so).
 */
export const visitorProgressAtom = atom<ReadonlyMap<string, ModuleRecord>>(new Map());

/** The record with one more step marked done (its first time stays). */
export function withStepDone(
  record: ModuleRecord,
  position: number,
  stepCount: number,
  now: Date,
): ModuleRecord {
  const steps = new Map(record.stepsCompletedAt);
  if (!steps.has(position)) steps.set(position, now.toISOString());
  return settle({ ...record, started: true, stepsCompletedAt: steps }, stepCount);
}

/** The record after one more graded quiz attempt. */
export function withQuizAttempt(
  record: ModuleRecord,
  passed: boolean,
  stepCount: number,
): ModuleRecord {
  return settle(
    {
      ...record,
      started: true,
      attempts: record.attempts + 1,
      quizPassed: record.quizPassed || passed,
    },
    stepCount,
  );
}

// A visitor completes a module as a learner does, but earns no badge: badges need an account.
function settle(record: ModuleRecord, stepCount: number): ModuleRecord {
  return {
    ...record,
    completed: record.quizPassed && record.stepsCompletedAt.size >= stepCount,
    badge: null,
  };
}

export function visitorRecord(
  progress: ReadonlyMap<string, ModuleRecord>,
  moduleId: string,
): ModuleRecord {
  return progress.get(moduleId) ?? EMPTY_RECORD;
}
