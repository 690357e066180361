import * as v from 'valibot';
import { LANGUAGES, type Language } from '../catalog.ts';
import type { ContentProblem, ContentProblemCode } from './problems.ts';
import {
  checkWith,
  fields,
  integerAtLeast,
  isFieldValid,
  list,
  pathOf,
  problemMessage,
  says,
  slug,
  text,
  type ProblemParams,
} from './textRules.ts';

/**
 * What a learning module (content/learning/<slug>/module.json) and its quiz's correct answers
 * (answers.json beside it, kept apart because no client may read them) must be to be published,
 * for `npm run content:check` and the seed (server/seed/schema.ts). The lengths are the CHECK
 * constraints of the learning tables (supabase/migrations/20261122000003_learning.sql).
 */

export const MODULE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ModuleLevel = (typeof MODULE_LEVELS)[number];

/** How many lesson steps a module holds. */
export const MODULE_STEPS = { min: 3, max: 6 } as const;
/** The fewest quiz questions a module holds; there is no most. */
export const MODULE_QUESTIONS_MIN = 5;
/** The fewest options a quiz question offers; there is no most. */
export const QUESTION_OPTIONS_MIN = 2;

export const MODULE_TEXT_MAX_LENGTH = { title: 200, summary: 2_000 } as const;
export const STEP_TEXT_MAX_LENGTH = { title: 200, body: 20_000 } as const;
export const QUESTION_TEXT_MAX_LENGTH = {
  prompt: 1_000,
  key: 20,
  label: 500,
  explanation: 2_000,
} as const;

export interface ModuleTextInput {
  title: string;
  summary: string;
}
export interface StepTextInput {
  title: string;
  body: string;
}
export interface QuizOptionInput {
  key: string;
  label: string;
}
export interface QuestionTextInput {
  prompt: string;
  options: QuizOptionInput[];
  /** One per option, by its key: shown after the learner submits. */
  explanations: Record<string, string>;
}
/** A module as content/learning/<slug>/module.json holds it. */
export interface ModuleInput {
  slug: string;
  level: ModuleLevel;
  /** The order within its level's list. */
  position: number;
  translations: Record<Language, ModuleTextInput>;
  /** Their position is their order, from 1. */
  steps: { translations: Record<Language, StepTextInput> }[];
  /** Their position is their order, from 1: answers.json numbers them so. */
  questions: { translations: Record<Language, QuestionTextInput> }[];
}
/** answers.json: the correct option key of each question, by question number from 1. */
export type AnswersInput = Record<string, string>;

type Json = Record<string, unknown>;
/** What a message function below says: a problem's code and figures. */
type Said = { code: ContentProblemCode; params?: ProblemParams };
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What `addIssue` of a Valibot raw check takes: the problem of the field named by `keys`. */
function issueAt(
  keys: readonly [string, ...string[]],
  code: ContentProblemCode,
  params?: ProblemParams,
) {
  return { message: problemMessage(code, params), path: pathOf(keys) };
}

/** `missing` when absent or null, else a value of the wrong type (an object, a list). */
const missingOr = (expected: string) =>
  says((issue: v.BaseIssue<unknown>) =>
    issue.input === undefined || issue.input === null
      ? { code: 'missing' }
      : { code: 'wrongType', params: { expected } },
  );

/**
 * The keys of a question's options in one language (an unchecked value), or undefined when they
 * cannot be read: nothing to compare the other languages or the answer with.
 */
function optionKeys(questionText: unknown): string[] | undefined {
  if (!isObject(questionText) || !Array.isArray(questionText.options)) return undefined;
  const keys = questionText.options.map((option: unknown) =>
    isObject(option) && typeof option.key === 'string' ? option.key : undefined,
  );
  return keys.every((key) => key !== undefined) ? keys : undefined;
}

// ---------------------------------------------------------------------------------------------
// module.json

/**
 * `{ fr, en, es }`, each checked by `schema`. Unlike a term's, a language left out says that all
 * three are needed: steps and questions each carry their own translations, where one is easily
 * forgotten.
 */
function inEveryLanguage<const TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.objectWithRest(
    { fr: schema, en: schema, es: schema } as const satisfies Record<Language, TSchema>,
    v.never(says(() => ({ code: 'unknownField', params: { allowed: LANGUAGES.join(', ') } }))),
    says((issue: v.ObjectWithRestIssue) => {
      // Only the issue of an absent language has no input (and names the language in its path).
      if (issue.input === undefined) return { code: 'languageMissing' };
      return issue.input === null
        ? { code: 'missing' }
        : { code: 'wrongType', params: { expected: 'object' } };
    }),
  );
}

/** A list of at least `min` items, each checked by `item`. */
function atLeast<const TItem extends v.GenericSchema>(min: number, item: TItem) {
  return v.pipe(
    v.array(item, missingOr('list')),
    v.minLength(
      min,
      says((issue: v.MinLengthIssue<unknown[], number>) => ({
        code: 'tooFew',
        params: { count: issue.input.length, min },
      })),
    ),
  );
}

const level = v.picklist(
  MODULE_LEVELS,
  says((issue) =>
    issue.input === undefined || issue.input === null
      ? { code: 'missing' }
      : {
          code: 'unknownValue',
          params: { value: JSON.stringify(issue.input), allowed: MODULE_LEVELS.join(', ') },
        },
  ),
);

const moduleText = fields({
  title: text(MODULE_TEXT_MAX_LENGTH.title),
  summary: text(MODULE_TEXT_MAX_LENGTH.summary),
});

const step = fields({
  translations: inEveryLanguage(
    fields({ title: text(STEP_TEXT_MAX_LENGTH.title), body: text(STEP_TEXT_MAX_LENGTH.body) }),
  ),
});

const options = v.pipe(
  atLeast(
    QUESTION_OPTIONS_MIN,
    fields({
      key: text(QUESTION_TEXT_MAX_LENGTH.key),
      label: text(QUESTION_TEXT_MAX_LENGTH.label),
    }),
  ),
  v.check(
    (items) => new Set(items.map((item) => item.key)).size === items.length,
    says('duplicate'),
  ),
);

const questionText = v.pipe(
  fields({
    prompt: text(QUESTION_TEXT_MAX_LENGTH.prompt),
    options,
    explanations: v.record(
      v.string(),
      text(QUESTION_TEXT_MAX_LENGTH.explanation),
      missingOr('object'),
    ),
  }),
  // Which explanations there must be depends on the options: one per key, and no other.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!isFieldValid(dataset.issues, 'options')) return;
    const { options: given, explanations } = dataset.value as {
      options: readonly QuizOptionInput[];
      explanations?: unknown;
    };
    if (!isObject(explanations)) return;
    const keys = given.map((option) => option.key);
    const explained = Object.keys(explanations);
    for (const key of explained.filter((key) => !keys.includes(key))) {
      addIssue(issueAt(['explanations', key], 'unknownField', { allowed: keys.join(', ') }));
    }
    for (const key of keys.filter((key) => !explained.includes(key))) {
      addIssue(issueAt(['explanations', key], 'missing'));
    }
  }),
);

const question = v.pipe(
  fields({ translations: inEveryLanguage(questionText) }),
  // The same keys in the same order in every language: answers.json names the correct one once.
  v.rawCheck(({ dataset, addIssue }) => {
    const translations = isObject(dataset.value) ? dataset.value.translations : undefined;
    if (!isObject(translations)) return;
    let expected: string[] | undefined;
    for (const language of LANGUAGES) {
      const keys = optionKeys(translations[language]);
      if (keys === undefined) continue;
      if (expected === undefined) expected = keys;
      else if (keys.join('\u0000') !== expected.join('\u0000')) {
        addIssue(
          issueAt(['translations', language, 'options'], 'optionKeysDiffer', {
            keys: keys.join(', '),
            expected: expected.join(', '),
          }),
        );
      }
    }
  }),
);

const learningModule = fields({
  slug: slug(),
  level,
  position: integerAtLeast(0),
  translations: inEveryLanguage(moduleText),
  steps: list(MODULE_STEPS, step),
  questions: atLeast(MODULE_QUESTIONS_MIN, question),
});

/** Every problem of module.json (its answers apart); [] when it can be published. */
export function checkModule(input: unknown): ContentProblem[] {
  return checkWith(learningModule, input);
}

// ---------------------------------------------------------------------------------------------
// answers.json

/** The correct answer to question `question` (from 1), whose option keys are `keys` if known. */
function answer(question: number, keys: readonly string[] | undefined) {
  return v.pipe(
    v.string(
      says((issue): Said =>
        Array.isArray(issue.input)
          ? { code: 'answerCount', params: { question, count: issue.input.length } }
          : { code: 'wrongType', params: { expected: 'string' } },
      ),
    ),
    v.check(
      (value) => keys === undefined || keys.includes(value),
      says((issue: v.CheckIssue<string>) => ({
        code: 'answerNotOption',
        params: { answer: issue.input, question, keys: (keys ?? []).join(', ') },
      })),
    ),
  );
}

/** answers.json for questions whose option keys (each from its first language) are these. */
function answersSchema(questionKeys: readonly (readonly string[] | undefined)[]) {
  const entries: v.ObjectEntries = Object.fromEntries(
    questionKeys.map((keys, index) => [String(index + 1), answer(index + 1, keys)]),
  );
  const count = questionKeys.length;
  return v.pipe(
    // Valibot would take a list for an object: answers.json is never one.
    v.custom<Json>(isObject, missingOr('object')),
    v.objectWithRest(
      entries,
      v.unknown(),
      // Given an object, only an absent answer is reported here, at its question number.
      says((issue: v.ObjectWithRestIssue) => ({
        code: 'answerMissing',
        params: { question: Number(issue.path?.[0].key) },
      })),
    ),
    // Each answer to a question the module does not have, named by its key (which a rest schema's
    // message cannot know).
    v.rawCheck(({ dataset, addIssue }) => {
      if (!isObject(dataset.value)) return;
      for (const key of Object.keys(dataset.value)) {
        if (Object.hasOwn(entries, key)) continue;
        addIssue(issueAt([key], 'noSuchQuestion', { question: key, count }));
      }
    }),
  );
}

/**
 * Every problem of answers.json, whose questions are those of `learningModule` (module.json,
 * valid or not): one correct answer per question, one of its option keys, and nothing else.
 */
export function checkAnswers(answers: unknown, learningModule: unknown): ContentProblem[] {
  const questions =
    isObject(learningModule) && Array.isArray(learningModule.questions)
      ? (learningModule.questions as unknown[])
      : [];
  const questionKeys = Array.from(questions, (question) => {
    const translations = isObject(question) ? question.translations : undefined;
    if (!isObject(translations)) return undefined;
    // The first language written names the keys; the others are held to it by checkModule.
    const first = LANGUAGES.find((language) => isObject(translations[language]));
    return first === undefined ? undefined : optionKeys(translations[first]);
  });
  return checkWith(answersSchema(questionKeys), answers);
}
