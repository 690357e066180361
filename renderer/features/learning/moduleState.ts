import type { ModuleRecord } from './moduleRecord';
import type { BadgeTier } from './types';

/** A module's state as the learning page lists it. */
export type ModuleState =
  | { kind: 'notStarted' }
  | { kind: 'inProgress'; done: number; total: number }
  | { kind: 'completed'; badge: BadgeTier | null };

export function moduleState(record: ModuleRecord, stepCount: number): ModuleState {
  if (record.completed) return { kind: 'completed', badge: record.badge };
  if (!record.started) return { kind: 'notStarted' };
  return {
    kind: 'inProgress',
    done: Math.min(record.stepsCompletedAt.size, stepCount),
    total: stepCount,
  };
}
