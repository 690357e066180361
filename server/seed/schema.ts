// The shape of the files in content/: every problem is reported with the file (relative to the
// content folder) and the field, so that a reviewer can fix it from the message. Each kind of
// entry follows its shared rules (shared/content/termRules.ts, tokenRules.ts, moduleRules.ts),
// the ones the admin's editors and the content generator apply too. The rules mirror the
// database's constraints (supabase/migrations/*_content.sql and *_learning.sql) and the content
// rules written down in content/README.md.

import {
  LANGUAGES as languages,
  TERM_CATEGORIES as termCategories,
  type Language,
  type TermCategory,
} from '../../shared/catalog.ts';
import {
  checkAnswers,
  checkModule,
  MODULE_LEVELS as moduleLevels,
  MODULE_QUESTIONS_MIN,
  MODULE_STEPS,
  type AnswersInput,
  type ModuleInput,
  type ModuleLevel,
  type ModuleTextInput,
  type QuestionTextInput,
  type QuizOptionInput,
  type StepTextInput,
} from '../../shared/content/moduleRules.ts';
import { describeContentProblem, type ContentProblem } from '../../shared/content/problems.ts';
import {
  checkTerm,
  TERM_BODY_WORDS,
  TERM_RELATED,
  type TermTextInput,
} from '../../shared/content/termRules.ts';
import { countWords, SLUG } from '../../shared/content/textRules.ts';
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
export { moduleLevels, MODULE_QUESTIONS_MIN, MODULE_STEPS, type ModuleLevel };
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

export type QuizOption = QuizOptionInput;
export type QuestionText = QuestionTextInput;
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
  translations: Record<Language, StepTextInput>;
}
export interface LearningModule {
  slug: string;
  level: ModuleLevel;
  position: number;
  translations: Record<Language, ModuleTextInput>;
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
 * "<correct option key>" }`), by the shared module rules, reported as two files.
 */
export function parseModule(
  moduleFile: string,
  answersFile: string,
  expectedSlug: string,
  raw: unknown,
  rawAnswers: unknown,
  problems: Problems,
) {
  const found = checkModule(raw);
  const slug = isObject(raw) ? raw.slug : undefined;
  if (typeof slug === 'string' && slug !== '' && slug !== expectedSlug) {
    found.push({ field: 'slug', code: 'folderName', params: { expected: expectedSlug } });
  }
  const foundInAnswers = checkAnswers(rawAnswers, raw);
  reportAll(moduleFile, found, problems);
  reportAll(answersFile, foundInAnswers, problems);
  if (found.length > 0 || foundInAnswers.length > 0) return undefined;
  // No problem: both files have exactly the fields and types of a module and its answers.
  const learningModule = raw as ModuleInput;
  const answers = rawAnswers as AnswersInput;
  return {
    ...learningModule,
    steps: learningModule.steps.map((step, index) => ({ position: index + 1, ...step })),
    questions: learningModule.questions.map((question, index) => ({
      position: index + 1,
      ...question,
      // Always there once checkAnswers passed; the index type cannot know it.
      correct: answers[String(index + 1)] ?? '',
    })),
  } satisfies LearningModule;
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
