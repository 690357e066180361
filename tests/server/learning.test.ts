import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { asUser, type RequestClaims } from '../../server/db/requestContext.ts';
import { describeOnEachDatabase } from './databases.ts';
import {
  adminUser,
  anonClaims,
  attempt,
  claimsOf,
  createUser,
  ids,
  levels,
  questionId,
  seedContent,
  seedUsers,
  STEPS_PER_MODULE,
  userA,
  userB,
  type Level,
  type TestUser,
} from './fixtures.ts';

interface QuizResult {
  correct: number;
  total: number;
  passed: boolean;
  questions: {
    question_id: string;
    chosen: string | null;
    correct: boolean;
    explanation: string | null;
  }[];
  badge: string | null;
}
interface StepResult {
  completed_steps: number[];
  total_steps: number;
  quiz_passed: boolean;
  badge: string | null;
}

const userC: TestUser = {
  id: '00000000-0000-4000-8000-00000000000c',
  email: 'carol@example.test',
  fullName: 'Carol',
};
const tierOf: Record<Level, string> = {
  beginner: 'bronze',
  intermediate: 'silver',
  advanced: 'gold',
};

const answers = (level: Level, first: string, second: string): string =>
  JSON.stringify({ [questionId(level, 1)]: first, [questionId(level, 2)]: second });

async function submitQuiz(tx: Queryable, level: Level, answersJson: string): Promise<QuizResult> {
  const { rows } = await tx.query<{ result: QuizResult }>(
    `select public.submit_quiz($1, $2::jsonb, 'en') as result`,
    [ids.modules[level], answersJson],
  );
  const result = rows[0]?.result;
  if (result === undefined) throw new Error('submit_quiz returned no row');
  return result;
}

async function completeStep(tx: Queryable, level: Level, position: number): Promise<StepResult> {
  const { rows } = await tx.query<{ result: StepResult }>(
    `select public.complete_step($1, $2) as result`,
    [ids.modules[level], position],
  );
  const result = rows[0]?.result;
  if (result === undefined) throw new Error('complete_step returned no row');
  return result;
}

describeOnEachDatabase('learning: quizzes, steps and badges', ({ db }) => {
  const as = <T>(user: TestUser, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    asUser(db(), claimsOf(user), fn);

  beforeAll(async () => {
    await seedUsers(db());
    await createUser(db(), userC);
    await seedContent(db());
  });

  describe('submit_quiz', () => {
    it('passes only with every answer right, and explains each chosen option', async () => {
      const result = await as(userA, (tx) =>
        submitQuiz(tx, 'beginner', answers('beginner', 'a', 'b')),
      );
      expect(result).toEqual({
        correct: 2,
        total: 2,
        passed: true,
        badge: null,
        questions: [
          {
            question_id: questionId('beginner', 1),
            chosen: 'a',
            correct: true,
            explanation: 'Explains a.',
          },
          {
            question_id: questionId('beginner', 2),
            chosen: 'b',
            correct: true,
            explanation: 'Explains b.',
          },
        ],
      });
    });

    it('fails with one wrong answer, counts it, and never tells the right key', async () => {
      const result = await as(userB, (tx) =>
        submitQuiz(tx, 'beginner', answers('beginner', 'a', 'c')),
      );
      expect(result).toMatchObject({ correct: 1, total: 2, passed: false });
      expect(result.questions[1]).toEqual({
        question_id: questionId('beginner', 2),
        chosen: 'c',
        correct: false,
        explanation: 'Explains c.',
      });
      expect(JSON.stringify(result)).not.toMatch(/correct_option_key|Explains b/);
    });

    it('counts an unanswered question as wrong', async () => {
      const only = JSON.stringify({ [questionId('beginner', 1)]: 'a' });
      const result = await as(userB, (tx) => submitQuiz(tx, 'beginner', only));
      expect(result).toMatchObject({ correct: 1, total: 2, passed: false });
      expect(result.questions[1]).toMatchObject({
        chosen: null,
        correct: false,
        explanation: null,
      });
    });

    it('records every attempt for its owner only', async () => {
      const mine = await as(userB, (tx) =>
        tx.query(
          `select score, total, passed from public.quiz_attempts order by created_at, score`,
        ),
      );
      expect(mine.rows).toEqual([
        { score: 1, total: 2, passed: false },
        { score: 1, total: 2, passed: false },
      ]);
      const answersOfA = await as(userB, (tx) =>
        tx.query(`select 1 from public.quiz_attempts where user_id = $1`, [userA.id]),
      );
      expect(answersOfA.rows).toEqual([]);
    });

    it('refuses visitors, malformed answers, unknown modules and languages', async () => {
      const call = (claims: RequestClaims, sql: string, params: unknown[]) =>
        attempt(db(), claims, (tx) => tx.query(sql, params));
      expect(
        await call(anonClaims, `select public.submit_quiz($1, '{}')`, [ids.modules.beginner]),
      ).toMatchObject({
        ok: false,
        code: '42501',
      });
      const a = claimsOf(userA);
      expect(
        await call(a, `select public.submit_quiz($1, '[]')`, [ids.modules.beginner]),
      ).toMatchObject({
        code: '22023',
      });
      expect(
        await call(a, `select public.submit_quiz($1, '{}', 'de')`, [ids.modules.beginner]),
      ).toMatchObject({
        code: '22023',
      });
      expect(await call(a, `select public.submit_quiz($1, '{}')`, [ids.termWallet])).toMatchObject({
        code: 'P0002',
      });
    });

    it('keeps answers and explanations out of every direct select', async () => {
      for (const claims of [anonClaims, claimsOf(userA), claimsOf(adminUser)]) {
        const answersRead = await attempt(db(), claims, (tx) =>
          tx.query('select * from public.quiz_answers'),
        );
        expect(answersRead).toMatchObject({ ok: false, code: '42501' });
        const explanations = await attempt(db(), claims, (tx) =>
          tx.query('select explanations from public.quiz_question_translations'),
        );
        expect(explanations).toMatchObject({ ok: false, code: '42501' });
        const questions = await attempt(db(), claims, async (tx) => {
          const { rows } = await tx.query<{ options: { key: string }[] }>(
            `select prompt, options from public.quiz_question_translations where question_id = $1`,
            [questionId('beginner', 1)],
          );
          return rows.map((row) => row.options.map((option) => option.key));
        });
        expect(questions).toEqual({ ok: true, value: [['a', 'b', 'c']] });
      }
    });
  });

  describe('complete_step and badges', () => {
    it.each(levels.map((level) => [level, tierOf[level]] as const))(
      'awards the %s module its %s badge once every step is done after the quiz was passed',
      async (level, tier) => {
        const passed = await as(userC, (tx) => submitQuiz(tx, level, answers(level, 'a', 'b')));
        expect(passed).toMatchObject({ passed: true, badge: null });
        for (let position = 1; position < STEPS_PER_MODULE; position += 1) {
          expect(await as(userC, (tx) => completeStep(tx, level, position))).toMatchObject({
            badge: null,
          });
        }
        const last = await as(userC, (tx) => completeStep(tx, level, STEPS_PER_MODULE));
        expect(last).toEqual({
          completed_steps: [1, 2, 3],
          total_steps: 3,
          quiz_passed: true,
          badge: tier,
        });
        const progress = await as(userC, (tx) =>
          tx.query(
            `select status, completed_at is not null as done from public.learning_progress where module_id = $1`,
            [ids.modules[level]],
          ),
        );
        expect(progress.rows).toEqual([{ status: 'completed', done: true }]);
      },
    );

    it('awards the badge when the quiz is passed after the steps, and only then', async () => {
      for (let position = 1; position <= STEPS_PER_MODULE; position += 1) {
        expect(await as(userB, (tx) => completeStep(tx, 'advanced', position))).toMatchObject({
          badge: null,
        });
      }
      expect(
        await as(userB, (tx) => submitQuiz(tx, 'advanced', answers('advanced', 'b', 'b'))),
      ).toMatchObject({
        passed: false,
        badge: null,
      });
      expect(
        await as(userB, (tx) => submitQuiz(tx, 'advanced', answers('advanced', 'a', 'b'))),
      ).toMatchObject({
        passed: true,
        badge: 'gold',
      });
    });

    it('keeps completed steps distinct and the first award date', async () => {
      const before = await as(userB, (tx) => tx.query(`select awarded_at from public.user_badges`));
      const again = await as(userB, (tx) => completeStep(tx, 'advanced', 2));
      expect(again).toEqual({
        completed_steps: [1, 2, 3],
        total_steps: 3,
        quiz_passed: true,
        badge: 'gold',
      });
      const after = await as(userB, (tx) =>
        tx.query(`select awarded_at, tier from public.user_badges`),
      );
      expect(after.rows).toEqual([{ ...before.rows[0], tier: 'gold' }]);
    });

    it('gives no badge for steps alone, and refuses unknown steps and visitors', async () => {
      for (let position = 1; position <= STEPS_PER_MODULE; position += 1) {
        await as(adminUser, (tx) => completeStep(tx, 'intermediate', position));
      }
      const badges = await as(adminUser, (tx) => tx.query(`select tier from public.user_badges`));
      expect(badges.rows).toEqual([]);
      const unknown = await attempt(db(), claimsOf(adminUser), (tx) =>
        completeStep(tx, 'intermediate', 4),
      );
      expect(unknown).toMatchObject({ ok: false, code: 'P0002' });
      const visitor = await attempt(db(), anonClaims, (tx) => completeStep(tx, 'beginner', 1));
      expect(visitor).toMatchObject({ ok: false, code: '42501' });
    });
  });
});
