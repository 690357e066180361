import type { ModuleRecord } from './moduleRecord';

/**
 * What each step offers: a completed step is reviewed; the first step not completed is where
 * the learner starts (module not started) or continues (started); later ones can still be read.
 */
export type StepAction = 'review' | 'start' | 'continue' | 'read';

export interface StepState {
  position: number;
  completedAt: string | null;
  action: StepAction;
}

export function stepStates(
  positions: readonly number[],
  record: Pick<ModuleRecord, 'started' | 'stepsCompletedAt'>,
): StepState[] {
  const next = positions.find((position) => !record.stepsCompletedAt.has(position));
  return positions.map((position) => {
    const completedAt = record.stepsCompletedAt.get(position) ?? null;
    const action: StepAction =
      completedAt !== null
        ? 'review'
        : position === next
          ? record.started
            ? 'continue'
            : 'start'
          : 'read';
    return { position, completedAt, action };
  });
}
