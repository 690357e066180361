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
  questionId,
  seedContent,
  seedUsers,
  STEPS_PER_MODULE,
  userA,
  userB,
  type Level,
  type TestUser,
} from './fixtures.ts';

interface GradedQuestion {
  question_id: string;
  chosen: string | null;
  explanation: string | null;
}
interface CheckResult {
  correct: number;
  total: number;
  passed: boolean;
  questions: GradedQuestion[];
}
interface QuizResult extends CheckResult {
  attempt: number;
  badge: string | null;
}
interface StepResult {
  completed_steps: number[];
  total_steps: number;
  quiz_passed: boolean;
  badge: string | null;
}

const answers = (level: Level, first: string, second: string): string =>
  JSON.stringify({ [questionId(level, 1)]: first, [questionId(level, 2)]: second });
/** Both right (the fixtures' keys are 'a' then 'b'), and one of them wrong. */
const right = (level: Level): string => answers(level, 'a', 'b');
const wrong = (level: Level): string => answers(level, 'a', 'c');

async function submitQuiz(tx: Queryable, level: Level, answersJson: string): Promise<QuizResult> {
  const { rows } = await tx.query<{ result: QuizResult }>(
    `select public.submit_quiz($1, $2::jsonb, 'en') as result`,
    [ids.modules[level], answersJson],
  );
  const result = rows[0]?.result;
  if (result === undefined) throw new Error('submit_quiz returned no row');
  return result;
}

async function checkQuiz(tx: Queryable, level: Level, answersJson: string): Promise<CheckResult> {
  const { rows } = await tx.query<{ result: CheckResult }>(
    `select public.check_quiz($1, $2::jsonb, 'en') as result`,
    [ids.modules[level], answersJson],
  );
  const result = rows[0]?.result;
  if (result === undefined) throw new Error('check_quiz returned no row');
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

/** The tier a first pass at this attempt earns (the rule of the learning_rules migration). */
const tierFor = (attemptNumber: number): string =>
  attemptNumber === 1 ? 'gold' : attemptNumber <= 3 ? 'silver' : 'bronze';

/**
 * A function that resolves once `parties` callers are waiting on it. Concurrent transactions
 * meet there before their call, so the calls reach the database together.
 */
function meetingPoint(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

describeOnEachDatabase('learning: quizzes, steps and badges', ({ db, target }) => {
  const as = <T>(user: TestUser, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    asUser(db(), claimsOf(user), fn);

  let learners = 0;
  /** A new signed-in user with no progress yet, so each test starts from nothing. */
  async function newLearner(): Promise<TestUser> {
    learners += 1;
    const suffix = learners.toString(16).padStart(4, '0');
    const user: TestUser = {
      id: `00000000-0000-4000-8000-00000001${suffix}`,
      email: `learner-${suffix}@example.test`,
      fullName: `Learner ${suffix}`,
    };
    await createUser(db(), user);
    return user;
  }

  async function completeAllSteps(user: TestUser, level: Level): Promise<StepResult[]> {
    const results: StepResult[] = [];
    for (let position = 1; position <= STEPS_PER_MODULE; position += 1) {
      results.push(await as(user, (tx) => completeStep(tx, level, position)));
    }
    return results;
  }

  /** Row counts of the tables the learning functions write, read by the database owner. */
  async function learningRowCounts(): Promise<Record<string, number>> {
    const { rows } = await db().query<Record<string, number>>(
      `select (select count(*) from public.quiz_attempts) as quiz_attempts,
              (select count(*) from public.learning_progress) as learning_progress,
              (select count(*) from public.learning_step_completions) as step_completions,
              (select count(*) from public.user_badges) as user_badges`,
    );
    const counts = rows[0];
    if (counts === undefined) throw new Error('no counts');
    return counts;
  }

  /**
   * Runs each call in its own transaction as the user, all at once. On Postgres each
   * transaction holds its own pooled connection and they meet before calling, so the calls
   * truly overlap; the pool has 5 connections, hence at most 5 calls (a 6th would wait for a
   * connection the others keep until it arrives). PGlite is one connection: the transactions
   * run one after the other, and the test shows the same result there.
   */
  async function concurrently<T>(
    user: TestUser,
    calls: readonly ((tx: Queryable) => Promise<T>)[],
  ): Promise<T[]> {
    if (calls.length > 5) throw new Error('At most 5 concurrent calls (the pool size).');
    const meet = target === 'postgres' ? meetingPoint(calls.length) : () => Promise.resolve();
    return Promise.all(
      calls.map((call) =>
        as(user, async (tx) => {
          await meet();
          return call(tx);
        }),
      ),
    );
  }

  beforeAll(async () => {
    await seedUsers(db());
    await seedContent(db());
  });

  describe('submit_quiz', () => {
    it('passes only with every answer right, explains each chosen option and numbers the attempt', async () => {
      const result = await as(userA, (tx) => submitQuiz(tx, 'beginner', right('beginner')));
      expect(result).toEqual({
        correct: 2,
        total: 2,
        passed: true,
        attempt: 1,
        badge: null,
        questions: [
          { question_id: questionId('beginner', 1), chosen: 'a', explanation: 'Explains a.' },
          { question_id: questionId('beginner', 2), chosen: 'b', explanation: 'Explains b.' },
        ],
      });
    });

    it('fails with one wrong answer without telling which one, nor the right key', async () => {
      const result = await as(userB, (tx) => submitQuiz(tx, 'beginner', wrong('beginner')));
      // toEqual: no other field, so no per-question verdict.
      expect(result).toEqual({
        correct: 1,
        total: 2,
        passed: false,
        attempt: 1,
        badge: null,
        questions: [
          { question_id: questionId('beginner', 1), chosen: 'a', explanation: 'Explains a.' },
          { question_id: questionId('beginner', 2), chosen: 'c', explanation: 'Explains c.' },
        ],
      });
      expect(JSON.stringify(result)).not.toMatch(/correct_option_key|Explains b|"b"/);
    });

    it('grades only a complete set, and numbers each attempt', async () => {
      // A set missing a question is refused, and no attempt is recorded for it.
      const only = JSON.stringify({ [questionId('beginner', 1)]: 'a' });
      expect(
        await attempt(db(), claimsOf(userB), (tx) => submitQuiz(tx, 'beginner', only)),
      ).toMatchObject({ ok: false, code: '22023' });
      const result = await as(userB, (tx) =>
        submitQuiz(tx, 'beginner', answers('beginner', 'c', 'b')),
      );
      expect(result).toMatchObject({ correct: 1, total: 2, passed: false, attempt: 2 });
    });

    it('records every attempt, numbered, for its owner only', async () => {
      const mine = await as(userB, (tx) =>
        tx.query(`select attempt, score, total, passed from public.quiz_attempts order by attempt`),
      );
      expect(mine.rows).toEqual([
        { attempt: 1, score: 1, total: 2, passed: false },
        { attempt: 2, score: 1, total: 2, passed: false },
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
      ).toMatchObject({ ok: false, code: '42501' });
      const a = claimsOf(userA);
      expect(
        await call(a, `select public.submit_quiz($1, '[]')`, [ids.modules.beginner]),
      ).toMatchObject({ code: '22023' });
      expect(
        await call(a, `select public.submit_quiz($1, '{}', 'de')`, [ids.modules.beginner]),
      ).toMatchObject({ code: '22023' });
      expect(await call(a, `select public.submit_quiz($1, '{}')`, [ids.termWallet])).toMatchObject({
        code: 'PT404',
      });
      // A partial set, or a key that is no option, would give one question's verdict away.
      const partial = JSON.stringify({ [questionId('beginner', 1)]: 'a' });
      const notAnOption = answers('beginner', 'a', 'zz');
      for (const set of [partial, notAnOption]) {
        expect(
          await call(a, `select public.submit_quiz($1, $2::jsonb, 'en')`, [
            ids.modules.beginner,
            set,
          ]),
        ).toMatchObject({ ok: false, code: '22023' });
        expect(
          await call(anonClaims, `select public.check_quiz($1, $2::jsonb, 'en')`, [
            ids.modules.beginner,
            set,
          ]),
        ).toMatchObject({ ok: false, code: '22023' });
      }
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

  describe('check_quiz', () => {
    it("grades a visitor's answers like submit_quiz, without attempt or badge, and records nothing", async () => {
      const before = await learningRowCounts();
      const failed = await attempt(db(), anonClaims, (tx) =>
        checkQuiz(tx, 'intermediate', wrong('intermediate')),
      );
      expect(failed).toEqual({
        ok: true,
        value: {
          correct: 1,
          total: 2,
          passed: false,
          questions: [
            { question_id: questionId('intermediate', 1), chosen: 'a', explanation: 'Explains a.' },
            { question_id: questionId('intermediate', 2), chosen: 'c', explanation: 'Explains c.' },
          ],
        },
      });
      // Committed, not probed: a visitor's check writes nothing even when its transaction ends.
      const passed = await asUser(db(), anonClaims, (tx) =>
        checkQuiz(tx, 'intermediate', right('intermediate')),
      );
      expect(passed).toMatchObject({ correct: 2, total: 2, passed: true });
      const signedIn = await as(userA, (tx) =>
        checkQuiz(tx, 'intermediate', right('intermediate')),
      );
      expect(signedIn).toEqual(passed);
      expect(await learningRowCounts()).toEqual(before);
    });

    it('is STABLE, so PostgREST runs it read-only', async () => {
      const { rows } = await db().query(
        `select provolatile as volatility from pg_proc where oid = 'public.check_quiz(uuid, jsonb, text)'::regprocedure`,
      );
      expect(rows).toEqual([{ volatility: 's' }]);
    });

    it('refuses malformed answers, unknown languages and modules with the codes of submit_quiz', async () => {
      const call = (sql: string, params: unknown[]) =>
        attempt(db(), anonClaims, (tx) => tx.query(sql, params));
      expect(
        await call(`select public.check_quiz($1, '"a"')`, [ids.modules.beginner]),
      ).toMatchObject({ ok: false, code: '22023' });
      expect(
        await call(`select public.check_quiz($1, null)`, [ids.modules.beginner]),
      ).toMatchObject({ ok: false, code: '22023' });
      expect(
        await call(`select public.check_quiz($1, '{}', 'de')`, [ids.modules.beginner]),
      ).toMatchObject({ ok: false, code: '22023' });
      expect(await call(`select public.check_quiz($1, '{}')`, [ids.termWallet])).toMatchObject({
        ok: false,
        code: 'PT404',
      });
    });
  });

  describe('complete_step and badges', () => {
    it.each([
      [1, 'gold'],
      [2, 'silver'],
      [3, 'silver'],
      [4, 'bronze'],
    ] as const)(
      'a quiz first passed at attempt %i, steps done before, earns %s',
      async (passingAttempt, tier) => {
        const learner = await newLearner();
        const steps = await completeAllSteps(learner, 'beginner');
        expect(steps.map((step) => step.badge)).toEqual([null, null, null]);
        for (let failures = 1; failures < passingAttempt; failures += 1) {
          expect(
            await as(learner, (tx) => submitQuiz(tx, 'beginner', wrong('beginner'))),
          ).toMatchObject({ passed: false, attempt: failures, badge: null });
        }
        const pass = await as(learner, (tx) => submitQuiz(tx, 'beginner', right('beginner')));
        expect(pass).toMatchObject({ passed: true, attempt: passingAttempt, badge: tier });

        // Later attempts, passed or not, change nothing.
        const again = await as(learner, (tx) => submitQuiz(tx, 'beginner', right('beginner')));
        expect(again).toMatchObject({ passed: true, attempt: passingAttempt + 1, badge: tier });
        const failedLater = await as(learner, (tx) =>
          submitQuiz(tx, 'beginner', wrong('beginner')),
        );
        expect(failedLater).toMatchObject({ passed: false, badge: tier });
        const { rows } = await as(learner, (tx) =>
          tx.query(
            `select b.tier, p.quiz_passed_attempt, p.status
             from public.user_badges as b join public.learning_progress as p using (user_id, module_id)`,
          ),
        );
        expect(rows).toEqual([{ tier, quiz_passed_attempt: passingAttempt, status: 'completed' }]);
      },
    );

    it('steps completed after the pass award the tier of the first pass', async () => {
      const learner = await newLearner();
      const results = [
        await as(learner, (tx) => submitQuiz(tx, 'advanced', wrong('advanced'))),
        await as(learner, (tx) => submitQuiz(tx, 'advanced', right('advanced'))),
        await as(learner, (tx) => submitQuiz(tx, 'advanced', wrong('advanced'))),
        await as(learner, (tx) => submitQuiz(tx, 'advanced', wrong('advanced'))),
        await as(learner, (tx) => submitQuiz(tx, 'advanced', right('advanced'))),
      ];
      expect(results.map(({ attempt: n, passed, badge }) => [n, passed, badge])).toEqual([
        [1, false, null],
        [2, true, null],
        [3, false, null],
        [4, false, null],
        [5, true, null],
      ]);
      const steps = await completeAllSteps(learner, 'advanced');
      expect(steps.at(-1)).toEqual({
        completed_steps: [1, 2, 3],
        total_steps: 3,
        quiz_passed: true,
        badge: 'silver',
      });
    });

    it('gives no badge for steps alone, and refuses unknown steps and visitors', async () => {
      await completeAllSteps(adminUser, 'intermediate');
      const badges = await as(adminUser, (tx) => tx.query(`select tier from public.user_badges`));
      expect(badges.rows).toEqual([]);
      const unknown = await attempt(db(), claimsOf(adminUser), (tx) =>
        completeStep(tx, 'intermediate', 4),
      );
      expect(unknown).toMatchObject({ ok: false, code: 'PT404' });
      const visitor = await attempt(db(), anonClaims, (tx) => completeStep(tx, 'beginner', 1));
      expect(visitor).toMatchObject({ ok: false, code: '42501' });
    });

    it('keeps completed steps distinct, the first time of each step and the first award date', async () => {
      const learner = await newLearner();
      await as(learner, (tx) => submitQuiz(tx, 'advanced', right('advanced')));
      await completeAllSteps(learner, 'advanced');
      const read = () =>
        as(learner, async (tx) => ({
          steps: (
            await tx.query(
              `select position, completed_at from public.learning_step_completions order by position`,
            )
          ).rows,
          badges: (await tx.query(`select tier, awarded_at from public.user_badges`)).rows,
        }));
      const before = await read();
      expect(before.steps.map((row) => row.position)).toEqual([1, 2, 3]);
      expect(before.badges.map((row) => row.tier)).toEqual(['gold']);

      const again = await as(learner, (tx) => completeStep(tx, 'advanced', 2));
      expect(again).toEqual({
        completed_steps: [1, 2, 3],
        total_steps: 3,
        quiz_passed: true,
        badge: 'gold',
      });
      // Each call is its own transaction, so a rewritten time would differ from the first.
      expect(await read()).toEqual(before);
    });
  });

  describe('concurrent calls of one learner on one module', () => {
    it('five concurrent submissions get attempts 1 to 5, one badge, its tier from the first pass', async () => {
      const learner = await newLearner();
      await completeAllSteps(learner, 'intermediate');
      const submissions = [wrong, right, wrong, right, right].map(
        (answersOf) => (tx: Queryable) => submitQuiz(tx, 'intermediate', answersOf('intermediate')),
      );
      const results = await concurrently(learner, submissions);

      expect(results.map((result) => result.attempt).toSorted((x, y) => x - y)).toEqual([
        1, 2, 3, 4, 5,
      ]);
      const firstPass = Math.min(
        ...results.filter((result) => result.passed).map((result) => result.attempt),
      );
      const tier = tierFor(firstPass);
      // Each call saw the badge once its pass or an earlier one was recorded, never another.
      for (const result of results) {
        expect(result.badge).toBe(result.attempt >= firstPass ? tier : null);
      }
      const { rows } = await db().query(
        `select (select count(*) from public.user_badges where user_id = $1) as badges,
                (select tier from public.user_badges where user_id = $1) as tier,
                (select quiz_passed_attempt from public.learning_progress where user_id = $1)
                  as quiz_passed_attempt,
                (select array_agg(attempt order by attempt) from public.quiz_attempts where user_id = $1)
                  as attempts`,
        [learner.id],
      );
      expect(rows).toEqual([
        { badges: 1, tier, quiz_passed_attempt: firstPass, attempts: [1, 2, 3, 4, 5] },
      ]);
    });

    it('a step and a passing submission racing award the badge once', async () => {
      for (const level of ['beginner', 'advanced'] as const) {
        const learner = await newLearner();
        await as(learner, (tx) => completeStep(tx, level, 1));
        await as(learner, (tx) => completeStep(tx, level, 2));
        const [step, quiz] = await concurrently<StepResult | QuizResult>(learner, [
          (tx) => completeStep(tx, level, 3),
          (tx) => submitQuiz(tx, level, right(level)),
        ]);
        // Whichever committed second saw the other's write and awarded the badge.
        expect([step?.badge, quiz?.badge]).toContain('gold');
        const { rows } = await db().query(
          `select b.tier, p.status, p.completed_steps
           from public.user_badges as b join public.learning_progress as p using (user_id, module_id)
           where b.user_id = $1`,
          [learner.id],
        );
        expect(rows).toEqual([{ tier: 'gold', status: 'completed', completed_steps: [1, 2, 3] }]);
      }
    });
  });
});
