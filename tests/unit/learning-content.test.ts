import { describe, expect, it } from 'vitest';
import {
  MINUTES_PER_QUESTION,
  WORDS_PER_MINUTE,
  countWords,
  estimatedMinutes,
} from '../../renderer/features/learning/estimatedTime';
import { neighboursOf } from '../../renderer/features/learning/neighbours';
import { paragraphsOf } from '../../renderer/features/learning/paragraphs';
import { parseQuizResult, parseStepCompletion } from '../../renderer/features/learning/rpcResults';
import { reordered, shuffled } from '../../renderer/features/learning/shuffle';

/** A repeatable sequence in [0, 1), so that a shuffle is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('estimated time', () => {
  it('counts words in French, English and Spanish text', () => {
    expect(countWords("Aujourd'hui, l'économie : 3 mots ?")).toBe(4);
    expect(countWords('A peer-to-peer network.')).toBe(3);
    expect(countWords('¿Qué es una blockchain?')).toBe(4);
    expect(countWords('   ')).toBe(0);
  });

  it('reads 200 words a minute, rounded up, plus a minute per question', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(MINUTES_PER_QUESTION).toBe(1);
    expect(estimatedMinutes(400, 5)).toBe(2 + 5);
    expect(estimatedMinutes(401, 5)).toBe(3 + 5);
    expect(estimatedMinutes(1158, 7)).toBe(6 + 7);
  });

  it('is at least one minute', () => {
    expect(estimatedMinutes(0, 0)).toBe(1);
  });
});

describe('shuffling the options', () => {
  const options = ['a', 'b', 'c', 'd'];

  it('keeps every option exactly once', () => {
    for (let seed = 1; seed < 50; seed += 1) {
      const result = shuffled(options, seeded(seed));
      expect([...result].sort()).toEqual(options);
    }
  });

  it('leaves the given list as it was', () => {
    const given = ['a', 'b', 'c'];
    shuffled(given, seeded(3));
    expect(given).toEqual(['a', 'b', 'c']);
  });

  it('always gives a new order on a retry, keeping every option', () => {
    // A source that makes Fisher-Yates swap nothing: the shuffle alone would return the order.
    const keepsOrder = () => 0.999_999;
    expect(shuffled(options, keepsOrder)).toEqual(options);
    expect(reordered(options, keepsOrder)).not.toEqual(options);
    for (let seed = 1; seed < 50; seed += 1) {
      const result = reordered(options, seeded(seed));
      expect(result).not.toEqual(options);
      expect([...result].sort()).toEqual(options);
    }
  });

  it('returns a single option as it is', () => {
    expect(reordered(['a'])).toEqual(['a']);
    expect(reordered([])).toEqual([]);
  });
});

describe('step bodies', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(paragraphsOf('First line\nstill first.\n\nSecond.\r\n\r\n\n  Third.  ')).toEqual([
      'First line still first.',
      'Second.',
      'Third.',
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(paragraphsOf('<img src=x onerror=alert(1)>')).toEqual(['<img src=x onerror=alert(1)>']);
  });
});

describe('previous and next module', () => {
  const modules = [{ slug: 'one' }, { slug: 'two' }, { slug: 'three' }];

  it('finds the neighbours in the list order', () => {
    expect(neighboursOf(modules, 'one')).toEqual({ previous: null, next: { slug: 'two' } });
    expect(neighboursOf(modules, 'two')).toEqual({
      previous: { slug: 'one' },
      next: { slug: 'three' },
    });
    expect(neighboursOf(modules, 'three')).toEqual({ previous: { slug: 'two' }, next: null });
    expect(neighboursOf(modules, 'none')).toEqual({ previous: null, next: null });
  });
});

describe('the learning functions answers', () => {
  it('reads a graded quiz, with or without attempt and badge', () => {
    const questions = [
      { question_id: 'q1', chosen: 'a', explanation: 'Because.' },
      { question_id: 'q2', chosen: null, explanation: null },
    ];
    expect(
      parseQuizResult({ correct: 1, total: 2, passed: false, attempt: 3, questions, badge: null }),
    ).toEqual({
      correct: 1,
      total: 2,
      passed: false,
      attempt: 3,
      badge: null,
      questions: [
        { questionId: 'q1', chosen: 'a', explanation: 'Because.' },
        { questionId: 'q2', chosen: null, explanation: null },
      ],
    });
    expect(parseQuizResult({ correct: 2, total: 2, passed: true, questions })).toMatchObject({
      attempt: null,
      badge: null,
    });
    expect(
      parseQuizResult({ correct: 2, total: 2, passed: true, questions, badge: 'silver' }).badge,
    ).toBe('silver');
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseQuizResult(null)).toThrow();
    expect(() => parseQuizResult({ correct: 1, total: 2, questions: [] })).toThrow();
    expect(() =>
      parseQuizResult({ correct: '1', total: 2, passed: false, questions: [] }),
    ).toThrow();
  });

  it('reads a completed step', () => {
    expect(
      parseStepCompletion({
        completed_steps: [1, 2],
        total_steps: 3,
        quiz_passed: false,
        badge: null,
      }),
    ).toEqual({ completedSteps: [1, 2], totalSteps: 3, quizPassed: false, badge: null });
    expect(() => parseStepCompletion({ total_steps: 3 })).toThrow();
  });
});
