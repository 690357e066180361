import { describe, expect, it } from 'vitest';
import { EMPTY_RECORD, recordFromProgress } from '../../renderer/features/learning/moduleRecord';
import { moduleState } from '../../renderer/features/learning/moduleState';
import { progressCounters } from '../../renderer/features/learning/progressCounters';
import { stepStates } from '../../renderer/features/learning/stepStates';
import type { LearnerProgress, ModuleProgress } from '../../renderer/features/learning/types';
import {
  visitorRecord,
  withQuizAttempt,
  withStepDone,
} from '../../renderer/features/learning/visitorProgress';

const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-21T11:30:00.000Z';

function moduleProgress(moduleId: string, changes: Partial<ModuleProgress> = {}): ModuleProgress {
  return {
    moduleId,
    stepsCompletedAt: new Map(),
    quizPassedAt: null,
    quizPassedAttempt: null,
    status: 'in_progress',
    startedAt: T1,
    completedAt: null,
    attempts: [],
    ...changes,
  };
}

describe('step states', () => {
  it('offers Start on the first step of a module not started, Read on the others', () => {
    expect(stepStates([1, 2, 3], EMPTY_RECORD).map((state) => state.action)).toEqual([
      'start',
      'read',
      'read',
    ]);
  });

  it('offers Review on completed steps, with their time, and Continue on the first left', () => {
    const states = stepStates([1, 2, 3], {
      started: true,
      stepsCompletedAt: new Map([[1, T1]]),
    });
    expect(states).toEqual([
      { position: 1, completedAt: T1, action: 'review' },
      { position: 2, completedAt: null, action: 'continue' },
      { position: 3, completedAt: null, action: 'read' },
    ]);
  });

  it('continues at the first step not done, even before a done one', () => {
    const states = stepStates([1, 2, 3], {
      started: true,
      stepsCompletedAt: new Map([[2, T1]]),
    });
    expect(states.map((state) => state.action)).toEqual(['continue', 'review', 'read']);
  });

  it('offers Continue on the first step of a module started by a quiz attempt alone', () => {
    expect(stepStates([1, 2], { started: true, stepsCompletedAt: new Map() })[0]?.action).toBe(
      'continue',
    );
  });

  it('offers Review everywhere once every step is done', () => {
    const states = stepStates([1, 2], {
      started: true,
      stepsCompletedAt: new Map([
        [1, T1],
        [2, T2],
      ]),
    });
    expect(states.map((state) => state.action)).toEqual(['review', 'review']);
  });
});

describe('module state', () => {
  it('is not started, then in progress with n of N steps, then completed with its tier', () => {
    expect(moduleState(EMPTY_RECORD, 5)).toEqual({ kind: 'notStarted' });
    const progress: LearnerProgress = {
      modules: new Map([
        ['m1', moduleProgress('m1', { stepsCompletedAt: new Map([[1, T1]]) })],
        [
          'm2',
          moduleProgress('m2', {
            status: 'completed',
            quizPassedAt: T2,
            quizPassedAttempt: 2,
            completedAt: T2,
          }),
        ],
      ]),
      badges: [
        { moduleId: 'm2', moduleSlug: 'two', moduleTitle: 'Two', tier: 'silver', awardedAt: T2 },
      ],
    };
    expect(moduleState(recordFromProgress(progress, 'm1'), 5)).toEqual({
      kind: 'inProgress',
      done: 1,
      total: 5,
    });
    expect(moduleState(recordFromProgress(progress, 'm2'), 5)).toEqual({
      kind: 'completed',
      badge: 'silver',
    });
    expect(moduleState(recordFromProgress(progress, 'unknown'), 5)).toEqual({
      kind: 'notStarted',
    });
  });

  it("keeps a visitor's steps and attempts for the visit, completed without a badge", () => {
    const now = new Date(T1);
    let record = withStepDone(EMPTY_RECORD, 1, 2, now);
    expect(moduleState(record, 2)).toEqual({ kind: 'inProgress', done: 1, total: 2 });
    // Marking a step again keeps its first time.
    record = withStepDone(record, 1, 2, new Date(T2));
    expect(record.stepsCompletedAt.get(1)).toBe(T1);
    record = withQuizAttempt(record, false, 2);
    record = withQuizAttempt(record, true, 2);
    expect(record).toMatchObject({ attempts: 2, quizPassed: true, completed: false });
    record = withStepDone(record, 2, 2, now);
    expect(moduleState(record, 2)).toEqual({ kind: 'completed', badge: null });
    expect(visitorRecord(new Map([['m', record]]), 'm')).toBe(record);
    expect(visitorRecord(new Map(), 'm')).toBe(EMPTY_RECORD);
  });
});

describe('progress counters', () => {
  it('counts modules started and completed, steps completed and badges', () => {
    const progress: LearnerProgress = {
      modules: new Map([
        [
          'm1',
          moduleProgress('m1', {
            stepsCompletedAt: new Map([
              [1, T1],
              [2, T1],
            ]),
          }),
        ],
        [
          'm2',
          moduleProgress('m2', {
            status: 'completed',
            stepsCompletedAt: new Map([
              [1, T1],
              [2, T1],
              [3, T2],
            ]),
          }),
        ],
        // A quiz attempt alone starts a module.
        ['m3', moduleProgress('m3')],
      ]),
      badges: [
        { moduleId: 'm2', moduleSlug: 'two', moduleTitle: 'Two', tier: 'gold', awardedAt: T2 },
      ],
    };
    expect(progressCounters(progress)).toEqual({
      modulesStarted: 3,
      modulesCompleted: 1,
      stepsCompleted: 5,
      badges: 1,
    });
  });

  it('is all zeros for a learner who has done nothing', () => {
    expect(progressCounters({ modules: new Map(), badges: [] })).toEqual({
      modulesStarted: 0,
      modulesCompleted: 0,
      stepsCompleted: 0,
      badges: 0,
    });
  });
});
