// The shape of the files in content/, checked by hand: every problem is reported with the file
// (relative to the content folder) and the field, so that a reviewer can fix it from the message.
// The rules mirror the database's constraints (supabase/migrations/*_content.sql and
// *_learning.sql) and the content rules written down in content/README.md.

import {
  LANGUAGES as languages,
  TERM_CATEGORIES as termCategories,
  type Language,
  type TermCategory,
} from '../../shared/catalog.ts';

export { languages, termCategories, type Language, type TermCategory };

export const moduleLevels = ['beginner', 'intermediate', 'advanced'] as const;
export type ModuleLevel = (typeof moduleLevels)[number];

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const TOKEN_ID = /^[a-z0-9][a-z0-9._-]*$/;
export const TERM_BODY_WORDS = { min: 80, max: 250 } as const;
export const TERM_RELATED = { min: 2, max: 5 } as const;
export const MODULE_STEPS = { min: 3, max: 6 } as const;
export const MODULE_QUESTIONS_MIN = 5;
/** Tokens ranked this high (or higher) when written also carry history, technology, ecosystem. */
export const IN_DEPTH_RANK = 50;
export const PROVIDER_PAGE = 'https://www.coingecko.com/en/coins/';

// ---------------------------------------------------------------------------------------------
// Validated content

export interface TermText {
  title: string;
  short_definition: string;
  body: string;
  example: string;
}
export interface Term {
  slug: string;
  category: TermCategory;
  related: string[];
  translations: Record<Language, TermText>;
}

export interface TokenText {
  about: string;
  quick_summary: string;
  use_cases: string[];
  strengths: string[];
  challenges: string[];
  how_to_buy: string;
  how_to_store: string;
  common_mistakes: string[];
  history: string | null;
  technology: string | null;
  ecosystem: string | null;
}
export interface Token {
  id: string;
  symbol: string;
  name: string;
  rank: number;
  links: { website: string; whitepaper: string | null; provider: string };
  last_reviewed: string;
  translations: Record<Language, TokenText>;
}

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

// Upper case only: 'todo' is an ordinary Spanish word.
const PLACEHOLDER = /\b(TODO|TBD|FIXME|XXX)\b|[Ll]orem ipsum/;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Words as a reader counts them: runs of characters holding at least one letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
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

/** content/terms/<slug>.json. `related` slugs are checked against all terms by checkContent. */
export function parseTerm(file: string, expectedSlug: string, raw: unknown, problems: Problems) {
  const c = new Checker(file, problems);
  const entry = c.object(raw, '', ['slug', 'category', 'related', 'translations']);
  const slug = c.requiredText(entry.slug, 'slug', 100);
  if (slug !== '' && !SLUG.test(slug)) c.fail('slug', 'must be lowercase words joined by "-"');
  if (slug !== '' && slug !== expectedSlug) {
    c.fail('slug', `"${slug}" does not match the file name (${expectedSlug}.json)`);
  }
  const category = c.oneOf(entry.category, 'category', termCategories);
  const related = c.list(entry.related, 'related', TERM_RELATED);
  if (related.includes(slug)) c.fail('related', 'a term cannot be related to itself');
  if (new Set(related).size !== related.length) c.fail('related', 'lists a slug twice');
  const translations = c.translations<TermText>(entry.translations, (text, field, t) => {
    t.object(text, field, ['title', 'short_definition', 'body', 'example']);
    const body = t.requiredText(text.body, `${field}.body`, 10_000);
    const words = countWords(body);
    if (body !== '' && (words < TERM_BODY_WORDS.min || words > TERM_BODY_WORDS.max)) {
      t.fail(
        `${field}.body`,
        `has ${words} words (expected ${TERM_BODY_WORDS.min} to ${TERM_BODY_WORDS.max})`,
      );
    }
    return {
      title: t.requiredText(text.title, `${field}.title`, 200),
      short_definition: t.requiredText(text.short_definition, `${field}.short_definition`, 500),
      body,
      example: t.requiredText(text.example, `${field}.example`, 2_000),
    };
  });
  const term: Term = { slug, category, related, translations };
  return c.ok ? term : undefined;
}

// ---------------------------------------------------------------------------------------------
// Tokens

const inDepthFields = ['history', 'technology', 'ecosystem'] as const;

/** content/tokens/<coingecko-id>.json */
export function parseToken(file: string, expectedId: string, raw: unknown, problems: Problems) {
  const c = new Checker(file, problems);
  const entry = c.object(raw, '', [
    'id',
    'symbol',
    'name',
    'rank',
    'links',
    'last_reviewed',
    'translations',
  ]);
  const id = c.requiredText(entry.id, 'id', 100);
  if (id !== '' && !TOKEN_ID.test(id)) c.fail('id', 'is not a CoinGecko id (lowercase, a-z0-9._-)');
  if (id !== '' && id !== expectedId) {
    c.fail('id', `"${id}" does not match the file name (${expectedId}.json)`);
  }
  const symbol = c.requiredText(entry.symbol, 'symbol', 20);
  if (symbol !== symbol.toUpperCase()) c.fail('symbol', 'must be upper case');
  const name = c.requiredText(entry.name, 'name', 100);
  const rank = c.integer(entry.rank, 'rank', 1);
  const links = c.object(entry.links, 'links', ['website', 'whitepaper', 'provider']);
  const website = c.url(links.website, 'links.website') ?? '';
  const whitepaper = c.url(links.whitepaper, 'links.whitepaper', true);
  const provider = c.url(links.provider, 'links.provider') ?? '';
  if (provider !== '' && provider !== `${PROVIDER_PAGE}${id}`) {
    c.fail('links.provider', `must be ${PROVIDER_PAGE}${id}`);
  }
  const lastReviewed = c.requiredText(entry.last_reviewed, 'last_reviewed', 10);
  if (lastReviewed !== '' && !isIsoDate(lastReviewed)) {
    c.fail('last_reviewed', 'must be a real date written YYYY-MM-DD');
  }
  const translations = c.translations<TokenText>(entry.translations, (text, field, t) => {
    t.object(text, field, [
      'about',
      'quick_summary',
      'use_cases',
      'strengths',
      'challenges',
      'how_to_buy',
      'how_to_store',
      'common_mistakes',
      ...inDepthFields,
    ]);
    const inDepth = rank <= IN_DEPTH_RANK;
    const deep = (key: (typeof inDepthFields)[number]) => {
      if (inDepth && (text[key] === undefined || text[key] === null)) {
        t.fail(`${field}.${key}`, `missing (required for the top ${IN_DEPTH_RANK}; rank ${rank})`);
        return null;
      }
      return t.text(text[key], `${field}.${key}`, { optional: true });
    };
    return {
      about: t.requiredText(text.about, `${field}.about`),
      quick_summary: t.requiredText(text.quick_summary, `${field}.quick_summary`, 1_000),
      use_cases: t.list(text.use_cases, `${field}.use_cases`),
      strengths: t.list(text.strengths, `${field}.strengths`),
      challenges: t.list(text.challenges, `${field}.challenges`),
      how_to_buy: t.requiredText(text.how_to_buy, `${field}.how_to_buy`),
      how_to_store: t.requiredText(text.how_to_store, `${field}.how_to_store`),
      common_mistakes: t.list(text.common_mistakes, `${field}.common_mistakes`),
      history: deep('history'),
      technology: deep('technology'),
      ecosystem: deep('ecosystem'),
    };
  });
  // The in-depth sections exist in all three languages or in none.
  for (const key of inDepthFields) {
    const present = languages.filter((language) => translations[language][key] !== null);
    if (present.length !== 0 && present.length !== languages.length) {
      c.fail(`translations.*.${key}`, `present in ${present.join(', ')} only`);
    }
  }
  const token: Token = {
    id,
    symbol,
    name,
    rank,
    links: { website, whitepaper, provider },
    last_reviewed: lastReviewed,
    translations,
  };
  return c.ok ? token : undefined;
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
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
  for (const term of content.terms) {
    for (const related of term.related) {
      if (!termSlugs.has(related)) {
        problems.report(fileOf.term(term.slug), 'related', `unknown term "${related}"`);
      }
    }
  }
}
