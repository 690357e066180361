// The shape of the files in content/: every problem is reported with the file (relative to the
// content folder) and the field, so that a reviewer can fix it from the message. Terms follow
// the rules the admin's editor uses (shared/content/termRules.ts); the rest is checked here by
// hand. The rules mirror the database's constraints (supabase/migrations/*_content.sql and
// *_learning.sql) and the content rules written down in content/README.md.

import {
  LANGUAGES as languages,
  TERM_CATEGORIES as termCategories,
  type Language,
  type TermCategory,
} from '../../shared/catalog.ts';
import { describeContentProblem, type ContentProblem } from '../../shared/content/problems.ts';
import {
  checkTerm,
  TERM_BODY_WORDS,
  TERM_RELATED,
  type TermTextInput,
} from '../../shared/content/termRules.ts';
import { countWords, PLACEHOLDER, SLUG } from '../../shared/content/textRules.ts';
import {
  checkToken,
  IN_DEPTH_RANK,
  PROVIDER_PAGE,
  TOKEN_ID,
  TOKEN_IN_DEPTH_SECTIONS,
  type TokenInput,
  type TokenTextInput,
} from '../../shared/content/tokenRules.ts';

export { languages, termCategories, type Language, type TermCategory };
export { countWords, SLUG, TERM_BODY_WORDS, TERM_RELATED };

export const moduleLevels = ['beginner', 'intermediate', 'advanced'] as const;
export type ModuleLevel = (typeof moduleLevels)[number];

export const MODULE_STEPS = { min: 3, max: 6 } as const;
export const MODULE_QUESTIONS_MIN = 5;
export { IN_DEPTH_RANK, PROVIDER_PAGE, TOKEN_ID };

// ---------------------------------------------------------------------------------------------
// Validated content

export type TermText = TermTextInput;
export interface Term {
  slug: string;
  category: TermCategory;
  related: string[];
  translations: Record<Language, TermText>;
}

export type TokenText = TokenTextInput;
export type Token = TokenInput;

export interface QuizOption {
  key: string;
  label: string;
}
export interface QuestionText {
  prompt: string;
  options: QuizOption[];
  explanations: Record<string, string>;
}
export interface Question {
  /** 1-based, as quiz_questions.position and the keys of answers.json. */
  position: number;
  translations: Record<Language, QuestionText>;
  /** From answers.json. */
  correct: string;
}
export interface Step {
  /** 1-based, as learning_steps.position. */
  position: number;
  translations: Record<Language, { title: string; body: string }>;
}
export interface LearningModule {
  slug: string;
  level: ModuleLevel;
  position: number;
  translations: Record<Language, { title: string; summary: string }>;
  steps: Step[];
  questions: Question[];
}

export interface Content {
  terms: Term[];
  tokens: Token[];
  modules: LearningModule[];
}

// ---------------------------------------------------------------------------------------------
// Errors

/** All the problems found in the content folder, one line each: `<file>: <field>: <problem>`. */
export class ContentError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      `The content is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** Collects the problems of one file; `field` paths read like `translations.es.body`. */
export class Problems {
  readonly list: string[] = [];
  report(file: string, field: string, problem: string): void {
    this.list.push(field === '' ? `${file}: ${problem}` : `${file}: ${field}: ${problem}`);
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One file's checker: each method reports its problem and returns a usable value regardless. */
class Checker {
  readonly file: string;
  readonly problems: Problems;
  ok = true;
  constructor(file: string, problems: Problems) {
    this.file = file;
    this.problems = problems;
  }

  fail(field: string, problem: string): void {
    this.ok = false;
    this.problems.report(this.file, field, problem);
  }

  object(value: unknown, field: string, allowed: readonly string[]): Json {
    if (!isObject(value)) {
      this.fail(field, value === undefined ? 'missing' : 'must be an object');
      return {};
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) {
        this.fail(join(field, key), `unknown field (expected one of: ${allowed.join(', ')})`);
      }
    }
    return value;
  }

  text(value: unknown, field: string, { max = 10_000, optional = false } = {}): string | null {
    if (value === undefined || value === null) {
      if (!optional) this.fail(field, 'missing');
      return null;
    }
    if (typeof value !== 'string') {
      this.fail(field, 'must be a string');
      return null;
    }
    const trimmed = value.trim();
    if (trimmed === '') {
      this.fail(field, 'is empty');
      return null;
    }
    if (trimmed !== value) this.fail(field, 'has leading or trailing spaces');
    if (value.length > max) this.fail(field, `is ${value.length} characters long (at most ${max})`);
    if (PLACEHOLDER.test(value)) this.fail(field, 'looks like a placeholder');
    return value;
  }

  requiredText(value: unknown, field: string, max?: number): string {
    return this.text(value, field, max === undefined ? {} : { max }) ?? '';
  }

  list(value: unknown, field: string, { min = 1, max = 20 } = {}): string[] {
    if (!Array.isArray(value)) {
      this.fail(field, value === undefined ? 'missing' : 'must be a list of strings');
      return [];
    }
    if (value.length < min || value.length > max) {
      this.fail(field, `has ${value.length} items (expected ${min} to ${max})`);
    }
    return value.map((item, index) => this.requiredText(item, `${field}[${index}]`, 2_000));
  }

  oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) {
      return value as T;
    }
    this.fail(
      field,
      `${value === undefined ? 'missing' : `unknown value ${JSON.stringify(value)}`} (expected one of: ${allowed.join(', ')})`,
    );
    return allowed[0] as T;
  }

  integer(value: unknown, field: string, min: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
      this.fail(field, `must be an integer of at least ${min}`);
      return min;
    }
    return value;
  }

  url(value: unknown, field: string, optional = false): string | null {
    const url = this.text(value, field, { max: 500, optional });
    if (url !== null && !/^https:\/\/[^\s]+$/.test(url))
      this.fail(field, 'must be an https:// URL');
    return url;
  }

  /**
   * `translations` with exactly fr, en and es, each read by `read` with a checker to report
   * through: a language that is missing altogether is reported once, not field by field.
   */
  translations<T>(
    value: unknown,
    read: (text: Json, field: string, checker: Checker) => T,
  ): Record<Language, T> {
    const all = this.object(value, 'translations', languages);
    const result = {} as Record<Language, T>;
    for (const language of languages) {
      const field = `translations.${language}`;
      const text = all[language];
      if (isObject(text)) {
        result[language] = read(text, field, this);
        continue;
      }
      this.fail(
        field,
        text === undefined ? 'missing (every entry needs fr, en and es)' : 'must be an object',
      );
      result[language] = read({}, field, new Checker(this.file, new Problems()));
    }
    return result;
  }
}

function join(field: string, key: string): string {
  return field === '' ? key : `${field}.${key}`;
}

// ---------------------------------------------------------------------------------------------
// Terms

function reportAll(file: string, found: readonly ContentProblem[], problems: Problems): void {
  for (const problem of found) problems.report(file, '', describeContentProblem(problem));
}

/**
 * content/terms/<slug>.json, by the shared term rules. `related` slugs are checked against all
 * terms by checkContent.
 */
export function parseTerm(file: string, expectedSlug: string, raw: unknown, problems: Problems) {
  const found = checkTerm(raw);
  const slug = isObject(raw) ? raw.slug : undefined;
  if (typeof slug === 'string' && slug !== expectedSlug) {
    found.push({ field: 'slug', code: 'fileName', params: { expected: `${expectedSlug}.json` } });
  }
  reportAll(file, found, problems);
  // No problem: the file has exactly the fields and types of a term.
  return found.length === 0 ? (raw as Term) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Tokens

/** content/tokens/<coingecko-id>.json, by the shared token rules. */
export function parseToken(file: string, expectedId: string, raw: unknown, problems: Problems) {
  const found = checkToken(raw);
  const id = isObject(raw) ? raw.id : undefined;
  if (typeof id === 'string' && id !== expectedId) {
    found.push({ field: 'id', code: 'fileName', params: { expected: `${expectedId}.json` } });
  }
  reportAll(file, found, problems);
  if (found.length > 0) return undefined;
  // No problem: the file has exactly the fields and types of a sheet, but for the optional
  // links and sections, which may be absent rather than null.
  const token = raw as Token;
  const translations = Object.fromEntries(
    languages.map((language) => {
      const text = { ...token.translations[language] };
      for (const section of TOKEN_IN_DEPTH_SECTIONS) text[section] = text[section] ?? null;
      return [language, text];
    }),
  ) as Token['translations'];
  return {
    ...token,
    links: { ...token.links, whitepaper: token.links.whitepaper ?? null },
    translations,
  } satisfies Token;
}

// ---------------------------------------------------------------------------------------------
// Learning modules

/**
 * content/learning/<slug>/module.json with its answers.json (`{ "<question position, from 1>":
 * "<correct option key>" }`), read and reported as two files.
 */
export function parseModule(
  moduleFile: string,
  answersFile: string,
  expectedSlug: string,
  raw: unknown,
  rawAnswers: unknown,
  problems: Problems,
) {
  const c = new Checker(moduleFile, problems);
  const a = new Checker(answersFile, problems);
  const entry = c.object(raw, '', [
    'slug',
    'level',
    'position',
    'translations',
    'steps',
    'questions',
  ]);
  const slug = c.requiredText(entry.slug, 'slug', 100);
  if (slug !== '' && !SLUG.test(slug)) c.fail('slug', 'must be lowercase words joined by "-"');
  if (slug !== '' && slug !== expectedSlug) {
    c.fail('slug', `"${slug}" does not match the folder name (${expectedSlug})`);
  }
  const level = c.oneOf(entry.level, 'level', moduleLevels);
  const position = c.integer(entry.position, 'position', 0);
  const translations = c.translations(entry.translations, (text, field, t) => {
    t.object(text, field, ['title', 'summary']);
    return {
      title: t.requiredText(text.title, `${field}.title`, 200),
      summary: t.requiredText(text.summary, `${field}.summary`, 2_000),
    };
  });

  const rawSteps = Array.isArray(entry.steps) ? (entry.steps as unknown[]) : [];
  if (!Array.isArray(entry.steps)) c.fail('steps', 'missing (a list of lesson steps)');
  else if (rawSteps.length < MODULE_STEPS.min || rawSteps.length > MODULE_STEPS.max) {
    c.fail(
      'steps',
      `has ${rawSteps.length} steps (expected ${MODULE_STEPS.min} to ${MODULE_STEPS.max})`,
    );
  }
  const steps: Step[] = rawSteps.map((rawStep, index) => {
    const field = `steps[${index}]`;
    const step = c.object(rawStep, field, ['translations']);
    const all = c.object(step.translations, `${field}.translations`, languages);
    const texts = languages.map((language) => {
      const textField = `${field}.translations.${language}`;
      const text = all[language];
      if (!isObject(text)) {
        c.fail(textField, 'missing (every entry needs fr, en and es)');
        return [language, { title: '', body: '' }] as const;
      }
      c.object(text, textField, ['title', 'body']);
      return [
        language,
        {
          title: c.requiredText(text.title, `${textField}.title`, 200),
          body: c.requiredText(text.body, `${textField}.body`, 20_000),
        },
      ] as const;
    });
    return {
      position: index + 1,
      translations: Object.fromEntries(texts) as Step['translations'],
    };
  });

  if (!isObject(rawAnswers)) a.fail('', 'must be an object of question number -> correct key');
  const answers: Json = isObject(rawAnswers) ? rawAnswers : {};

  const rawQuestions = Array.isArray(entry.questions) ? (entry.questions as unknown[]) : [];
  if (!Array.isArray(entry.questions)) c.fail('questions', 'missing (a list of quiz questions)');
  else if (rawQuestions.length < MODULE_QUESTIONS_MIN) {
    c.fail('questions', `has ${rawQuestions.length} questions (at least ${MODULE_QUESTIONS_MIN})`);
  }
  const questions: Question[] = rawQuestions.map((rawQuestion, index) => {
    const questionPosition = index + 1;
    const field = `questions[${index}]`;
    const question = c.object(rawQuestion, field, ['translations']);
    const all = c.object(question.translations, `${field}.translations`, languages);
    let keys: string[] | undefined;
    const texts = languages.map((language) => {
      const textField = `${field}.translations.${language}`;
      const text = all[language];
      if (!isObject(text)) {
        c.fail(textField, 'missing (every entry needs fr, en and es)');
        return [language, { prompt: '', options: [], explanations: {} }] as const;
      }
      c.object(text, textField, ['prompt', 'options', 'explanations']);
      const prompt = c.requiredText(text.prompt, `${textField}.prompt`, 1_000);
      const options: QuizOption[] = [];
      if (!Array.isArray(text.options) || text.options.length < 2) {
        c.fail(`${textField}.options`, 'must list at least 2 options');
      } else {
        (text.options as unknown[]).forEach((rawOption, optionIndex) => {
          const optionField = `${textField}.options[${optionIndex}]`;
          const option = c.object(rawOption, optionField, ['key', 'label']);
          const key = c.requiredText(option.key, `${optionField}.key`, 20);
          const label = c.requiredText(option.label, `${optionField}.label`, 500);
          options.push({ key, label });
        });
      }
      const optionKeys = options.map((option) => option.key);
      if (new Set(optionKeys).size !== optionKeys.length) {
        c.fail(`${textField}.options`, 'uses an option key twice');
      }
      if (keys === undefined) keys = optionKeys;
      else if (keys.join('\u0000') !== optionKeys.join('\u0000')) {
        c.fail(
          `${textField}.options`,
          `keys ${optionKeys.join(', ')} differ from the first language's (${keys.join(', ')})`,
        );
      }
      const rawExplanations = c.object(text.explanations, `${textField}.explanations`, optionKeys);
      const explanations: Record<string, string> = {};
      for (const key of optionKeys) {
        explanations[key] = c.requiredText(
          rawExplanations[key],
          `${textField}.explanations.${key}`,
          2_000,
        );
      }
      return [language, { prompt, options, explanations }] as const;
    });

    const answerField = String(questionPosition);
    const answer = answers[answerField];
    let correct = '';
    if (answer === undefined) {
      a.fail(answerField, `question ${questionPosition} has no correct answer`);
    } else if (Array.isArray(answer)) {
      a.fail(
        answerField,
        `question ${questionPosition} must have exactly one correct answer (got ${answer.length})`,
      );
    } else if (typeof answer !== 'string') {
      a.fail(answerField, 'must be the key of the correct option');
    } else if (keys !== undefined && !keys.includes(answer)) {
      a.fail(
        answerField,
        `"${answer}" is not an option of question ${questionPosition} (${keys.join(', ')})`,
      );
    } else {
      correct = answer;
    }
    return {
      position: questionPosition,
      translations: Object.fromEntries(texts) as Question['translations'],
      correct,
    };
  });
  for (const key of Object.keys(answers)) {
    const index = Number(key);
    if (!/^[1-9]\d*$/.test(key) || index > rawQuestions.length) {
      a.fail(
        key,
        `no question ${key} in module.json (questions are numbered 1 to ${rawQuestions.length})`,
      );
    }
  }

  const learningModule: LearningModule = { slug, level, position, translations, steps, questions };
  return c.ok && a.ok ? learningModule : undefined;
}

// ---------------------------------------------------------------------------------------------
// Across files

/**
 * Checks what no single file can: every related term exists. `termSlugs` are the slugs of all
 * term files, valid or not, so that one broken file does not make its neighbours fail too.
 */
export function checkContent(
  content: Content,
  termSlugs: ReadonlySet<string>,
  fileOf: { term: (slug: string) => string },
  problems: Problems,
): void {
  // The terms here passed every other rule already, so only the related slugs can fail.
  for (const term of content.terms) {
    reportAll(fileOf.term(term.slug), checkTerm(term, { knownSlugs: termSlugs }), problems);
  }
}
