import { dataOf, throwIfFailed } from '../../app/backendError';
import type { Language } from '../../../shared/catalog';
import type { Backend } from '../../session/supabaseClient';
import { countWords } from './estimatedTime';
import { parseQuizResult, parseStepCompletion } from './rpcResults';
import {
  LEVELS,
  isBadgeTier,
  isLevel,
  type EarnedBadge,
  type LearnerProgress,
  type ModuleDetail,
  type ModuleProgress,
  type ModuleSummary,
  type QuizAttempt,
  type QuizOption,
  type QuizResult,
  type StepCompletion,
} from './types';

// Every read names its language: the texts come in the reader's language only. The columns of
// quiz_question_translations are always listed, since its `explanations` column is granted to
// no client (a `*` is refused).

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

/** The options of a question, whatever else the JSON column might hold. */
function toOptions(value: unknown): QuizOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((option: unknown) => {
    if (typeof option !== 'object' || option === null) return [];
    const { key, label } = option as { key?: unknown; label?: unknown };
    return typeof key === 'string' && typeof label === 'string' ? [{ key, label }] : [];
  });
}

/** Every module with its title, summary and sizes, by level then position. */
export async function fetchModuleList(
  client: Backend,
  language: Language,
): Promise<ModuleSummary[]> {
  const rows = dataOf(
    await client
      .from('learning_modules')
      .select(
        'id, slug, level, position, learning_module_translations(title, summary), learning_steps(position, learning_step_translations(title, body)), quiz_questions(id)',
      )
      .eq('learning_module_translations.language', language)
      .eq('learning_steps.learning_step_translations.language', language)
      .order('position'),
  );
  const modules = rows.flatMap((row): ModuleSummary[] => {
    const text = row.learning_module_translations[0];
    if (!text || !isLevel(row.level)) return [];
    const wordCount = row.learning_steps
      .flatMap((step) => step.learning_step_translations)
      .reduce((words, step) => words + countWords(step.title) + countWords(step.body), 0);
    return [
      {
        id: row.id,
        slug: row.slug,
        level: row.level,
        position: row.position,
        title: text.title,
        summary: text.summary,
        stepCount: row.learning_steps.length,
        questionCount: row.quiz_questions.length,
        wordCount,
      },
    ];
  });
  return modules.sort(
    (a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || a.position - b.position,
  );
}

/** One module with its steps and quiz, or null when no module has this slug. */
export async function fetchModule(
  client: Backend,
  slug: string,
  language: Language,
): Promise<ModuleDetail | null> {
  const answer = await client
    .from('learning_modules')
    .select(
      'id, slug, level, learning_module_translations(title, summary), learning_steps(position, learning_step_translations(title, body)), quiz_questions(id, position, quiz_question_translations(prompt, options))',
    )
    .eq('slug', slug)
    .eq('learning_module_translations.language', language)
    .eq('learning_steps.learning_step_translations.language', language)
    .eq('quiz_questions.quiz_question_translations.language', language)
    .maybeSingle();
  throwIfFailed(answer);
  const row = answer.data;
  const text = row?.learning_module_translations[0];
  if (!row || !text || !isLevel(row.level)) return null;
  return {
    id: row.id,
    slug: row.slug,
    level: row.level,
    title: text.title,
    summary: text.summary,
    steps: row.learning_steps
      .flatMap((step) =>
        step.learning_step_translations.map((stepText) => ({
          position: step.position,
          title: stepText.title,
          body: stepText.body,
        })),
      )
      .sort(byPosition),
    questions: row.quiz_questions
      .flatMap((question) =>
        question.quiz_question_translations.map((questionText) => ({
          id: question.id,
          position: question.position,
          prompt: questionText.prompt,
          options: toOptions(questionText.options),
        })),
      )
      .sort(byPosition),
  };
}

/**
 * The signed-in learner's progress, step times, attempts and badges (RLS returns only their
 * own rows); badges name their module in the reader's language.
 */
export async function fetchLearnerProgress(
  client: Backend,
  language: Language,
): Promise<LearnerProgress> {
  const [progress, completions, attempts, badges] = await Promise.all([
    client
      .from('learning_progress')
      .select(
        'module_id, completed_steps, quiz_passed_at, quiz_passed_attempt, status, started_at, completed_at',
      ),
    client.from('learning_step_completions').select('module_id, position, completed_at'),
    client
      .from('quiz_attempts')
      .select('module_id, attempt, score, total, passed, created_at')
      .order('attempt'),
    client
      .from('user_badges')
      .select(
        'module_id, tier, awarded_at, learning_modules(slug, learning_module_translations(title))',
      )
      .eq('learning_modules.learning_module_translations.language', language)
      .order('awarded_at', { ascending: false }),
  ]);

  const stepTimes = new Map<string, Map<number, string>>();
  for (const row of dataOf(completions)) {
    const times = stepTimes.get(row.module_id) ?? new Map<number, string>();
    times.set(row.position, row.completed_at);
    stepTimes.set(row.module_id, times);
  }
  const attemptsByModule = new Map<string, QuizAttempt[]>();
  for (const row of dataOf(attempts)) {
    const list = attemptsByModule.get(row.module_id) ?? [];
    list.push({
      attempt: row.attempt,
      score: row.score,
      total: row.total,
      passed: row.passed,
      createdAt: row.created_at,
    });
    attemptsByModule.set(row.module_id, list);
  }
  const modules = new Map<string, ModuleProgress>(
    dataOf(progress).map((row) => [
      row.module_id,
      {
        moduleId: row.module_id,
        stepsCompletedAt: stepTimes.get(row.module_id) ?? new Map(),
        quizPassedAt: row.quiz_passed_at,
        quizPassedAttempt: row.quiz_passed_attempt,
        status: row.status === 'completed' ? 'completed' : 'in_progress',
        startedAt: row.started_at,
        completedAt: row.completed_at,
        attempts: attemptsByModule.get(row.module_id) ?? [],
      },
    ]),
  );
  const earned = dataOf(badges).flatMap((row): EarnedBadge[] => {
    if (!isBadgeTier(row.tier)) return [];
    return [
      {
        moduleId: row.module_id,
        moduleSlug: row.learning_modules.slug,
        moduleTitle:
          row.learning_modules.learning_module_translations[0]?.title ?? row.learning_modules.slug,
        tier: row.tier,
        awardedAt: row.awarded_at,
      },
    ];
  });
  return { modules, badges: earned };
}

/** Records that the signed-in learner finished a step. */
export async function completeStep(
  client: Backend,
  moduleId: string,
  position: number,
): Promise<StepCompletion> {
  return parseStepCompletion(
    dataOf(await client.rpc('complete_step', { _module_id: moduleId, _position: position })),
  );
}

export interface QuizSubmission {
  moduleId: string;
  /** Question id -> chosen option key. */
  answers: Record<string, string>;
  language: Language;
}

/** Grades and records a signed-in learner's answers (attempt, progress, badge). */
export async function submitQuiz(client: Backend, submission: QuizSubmission): Promise<QuizResult> {
  return parseQuizResult(
    dataOf(
      await client.rpc('submit_quiz', {
        _module_id: submission.moduleId,
        _answers: submission.answers,
        _language: submission.language,
      }),
    ),
  );
}

/** Grades a visitor's answers; the server records nothing. */
export async function checkQuiz(client: Backend, submission: QuizSubmission): Promise<QuizResult> {
  return parseQuizResult(
    dataOf(
      await client.rpc('check_quiz', {
        _module_id: submission.moduleId,
        _answers: submission.answers,
        _language: submission.language,
      }),
    ),
  );
}
