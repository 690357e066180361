import { BackendError } from '../../app/backendError';
import type { Json } from '../../../shared/database.types';
import { isBadgeTier, type QuizResult, type StepCompletion } from './types';

// The learning functions return jsonb, typed only as Json: these read the documented shapes
// (supabase/migrations/20261126000001_learning_rules.sql) and refuse anything else, so a page
// never shows a score made of undefined.

type JsonObject = { [key: string]: Json | undefined };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function integer(value: Json | undefined, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new BackendError(`Unexpected ${name} in the learning answer.`);
  }
  return value;
}

const textOrNull = (value: Json | undefined): string | null =>
  typeof value === 'string' ? value : null;

const tierOrNull = (value: Json | undefined) => (isBadgeTier(value) ? value : null);

/** The answer of submit_quiz or check_quiz. */
export function parseQuizResult(answer: Json): QuizResult {
  if (!isObject(answer) || typeof answer.passed !== 'boolean' || !Array.isArray(answer.questions)) {
    throw new BackendError('Unexpected quiz result.');
  }
  return {
    correct: integer(answer.correct, 'correct'),
    total: integer(answer.total, 'total'),
    passed: answer.passed,
    attempt: typeof answer.attempt === 'number' ? answer.attempt : null,
    questions: answer.questions.filter(isObject).flatMap((question) =>
      typeof question.question_id === 'string'
        ? [
            {
              questionId: question.question_id,
              chosen: textOrNull(question.chosen),
              explanation: textOrNull(question.explanation),
            },
          ]
        : [],
    ),
    badge: tierOrNull(answer.badge),
  };
}

/** The answer of complete_step. */
export function parseStepCompletion(answer: Json): StepCompletion {
  if (!isObject(answer) || !Array.isArray(answer.completed_steps)) {
    throw new BackendError('Unexpected step completion.');
  }
  return {
    completedSteps: answer.completed_steps.map((position) => integer(position, 'step')),
    totalSteps: integer(answer.total_steps, 'total_steps'),
    quizPassed: answer.quiz_passed === true,
    badge: tierOrNull(answer.badge),
  };
}
