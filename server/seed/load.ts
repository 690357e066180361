import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database.ts';
import {
  checkContent,
  ContentError,
  languages,
  parseModule,
  parseTerm,
  parseToken,
  Problems,
  type Content,
  type LearningModule,
  type Term,
  type Token,
} from './schema.ts';

// Reads content/ (checked by schema.ts) and upserts it into the database, as its owner, in one
// transaction. Rows are matched on their natural keys (term slug, token id, module slug, step and
// question position within a module, language); nothing is ever deleted, so rows the admins
// created stay. A row whose values already match is left untouched (no update, so updated_at
// keeps its value): running the seed twice changes nothing the second time.

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultContentDir = path.resolve(here, '../../content');

/** One row per entry and language: the entry's keys, the language, and that language's texts. */
function textRows<T extends { translations: Record<(typeof languages)[number], object> }>(
  entries: readonly T[],
  keys: (entry: T) => Record<string, unknown>,
): Record<string, unknown>[] {
  return entries.flatMap((entry) =>
    languages.map((language) => ({ ...keys(entry), language, ...entry.translations[language] })),
  );
}

/** Reads and validates every file; throws a ContentError listing all the problems found. */
export async function loadContent(contentDir = defaultContentDir): Promise<Content> {
  const problems = new Problems();
  const content: Content = { terms: [], tokens: [], modules: [] };

  const readJson = async (relative: string): Promise<unknown> => {
    let text: string;
    try {
      text = await readFile(path.join(contentDir, relative), 'utf8');
    } catch {
      problems.report(relative, '', 'missing file');
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      problems.report(relative, '', `invalid JSON (${describe(error)})`);
      return undefined;
    }
  };

  const termFiles = await jsonFiles(contentDir, 'terms');
  for (const file of termFiles) {
    const relative = `terms/${file}`;
    const raw = await readJson(relative);
    if (raw === undefined) continue;
    const term = parseTerm(relative, file.slice(0, -'.json'.length), raw, problems);
    if (term !== undefined) content.terms.push(term);
  }
  for (const file of await jsonFiles(contentDir, 'tokens')) {
    const relative = `tokens/${file}`;
    const raw = await readJson(relative);
    if (raw === undefined) continue;
    const token = parseToken(relative, file.slice(0, -'.json'.length), raw, problems);
    if (token !== undefined) content.tokens.push(token);
  }
  for (const folder of await subfolders(contentDir, 'learning')) {
    const moduleFile = `learning/${folder}/module.json`;
    const answersFile = `learning/${folder}/answers.json`;
    const raw = await readJson(moduleFile);
    const rawAnswers = await readJson(answersFile);
    if (raw === undefined || rawAnswers === undefined) continue;
    const parsed = parseModule(moduleFile, answersFile, folder, raw, rawAnswers, problems);
    if (parsed !== undefined) content.modules.push(parsed);
  }

  const termSlugs = new Set(termFiles.map((file) => file.slice(0, -'.json'.length)));
  checkContent(content, termSlugs, { term: (slug) => `terms/${slug}.json` }, problems);
  if (problems.list.length > 0) throw new ContentError(problems.list);
  return content;
}

async function jsonFiles(contentDir: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(contentDir, folder), { withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort();
}

async function subfolders(contentDir: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(contentDir, folder), { withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------------------------
// Seeding

export interface SeedTableCounts {
  terms: number;
  term_translations: number;
  tokens: number;
  token_translations: number;
  learning_modules: number;
  learning_module_translations: number;
  learning_steps: number;
  learning_step_translations: number;
  quiz_questions: number;
  quiz_question_translations: number;
  quiz_answers: number;
}

export interface SeedResult {
  /** The rows the content describes, per table. */
  rows: SeedTableCounts;
  /** The rows this run inserted or updated, per table (all 0 when the database was up to date). */
  changed: SeedTableCounts;
}

/**
 * Upserts the content in one transaction. Run it as the database owner: quiz_answers is granted
 * to nobody else. Returns per table how many rows the content holds and how many changed.
 */
export async function seedDatabase(db: Database, content: Content): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const changed = {} as SeedTableCounts;
    const run = async (table: keyof SeedTableCounts, sql: string, rows: unknown[]) => {
      changed[table] =
        rows.length === 0 ? 0 : (await tx.query(sql, [JSON.stringify(rows)])).rowCount;
    };
    await seedTerms(run, content.terms);
    await seedTokens(run, content.tokens);
    await seedModules(run, content.modules);
    return { rows: rowsOfContent(content), changed };
  });
}

/** Loads content/ (or contentDir), validates it and seeds it: what server/start.ts calls. */
export async function seedFromContent(
  db: Database,
  contentDir = defaultContentDir,
): Promise<SeedResult> {
  return seedDatabase(db, await loadContent(contentDir));
}

type Run = (table: keyof SeedTableCounts, sql: string, rows: unknown[]) => Promise<void>;

// Each statement takes its rows as one JSON array ($1) and updates only rows that differ.
// Terms and sheets an admin changed or deleted through the API are left as the admin left them
// (private.catalogue_admin_edits, supabase/migrations/20261127000006_admin_edits_kept.sql).
const keptTerm = `not exists (select 1 from private.catalogue_admin_edits as e
  where e.kind = 'term' and e.key = x.slug)`;
const keptToken = `not exists (select 1 from private.catalogue_admin_edits as e
  where e.kind = 'token' and e.key = x.id)`;

async function seedTerms(run: Run, terms: Term[]) {
  await run(
    'terms',
    `insert into public.terms as t (slug, category, related_slugs)
     select x.slug, x.category, array(select jsonb_array_elements_text(x.related))
     from jsonb_to_recordset($1::jsonb) as x (slug text, category text, related jsonb)
     where ${keptTerm}
     on conflict (slug) do update
       set category = excluded.category, related_slugs = excluded.related_slugs
       where (t.category, t.related_slugs) is distinct from (excluded.category, excluded.related_slugs)`,
    terms.map((term) => ({ slug: term.slug, category: term.category, related: term.related })),
  );
  await run(
    'term_translations',
    `insert into public.term_translations as tt
       (term_id, language, title, short_definition, body, example)
     select t.id, x.language, x.title, x.short_definition, x.body, x.example
     from jsonb_to_recordset($1::jsonb) as x (
       slug text, language text, title text, short_definition text, body text, example text)
     join public.terms as t on t.slug = x.slug
     where ${keptTerm}
     on conflict (term_id, language) do update
       set title = excluded.title, short_definition = excluded.short_definition,
           body = excluded.body, example = excluded.example
       where (tt.title, tt.short_definition, tt.body, tt.example)
         is distinct from (excluded.title, excluded.short_definition, excluded.body, excluded.example)`,
    textRows(terms, (term) => ({ slug: term.slug })),
  );
}

async function seedTokens(run: Run, tokens: Token[]) {
  await run(
    'tokens',
    `insert into public.tokens as t
       (id, symbol, name, rank, website_url, whitepaper_url, provider_url, last_reviewed)
     select x.id, x.symbol, x.name, x.rank, x.website, x.whitepaper, x.provider, x.last_reviewed
     from jsonb_to_recordset($1::jsonb) as x (
       id text, symbol text, name text, rank integer, website text, whitepaper text,
       provider text, last_reviewed date)
     where ${keptToken}
     on conflict (id) do update
       set symbol = excluded.symbol, name = excluded.name, rank = excluded.rank,
           website_url = excluded.website_url, whitepaper_url = excluded.whitepaper_url,
           provider_url = excluded.provider_url, last_reviewed = excluded.last_reviewed
       where (t.symbol, t.name, t.rank, t.website_url, t.whitepaper_url, t.provider_url,
              t.last_reviewed)
         is distinct from (excluded.symbol, excluded.name, excluded.rank, excluded.website_url,
              excluded.whitepaper_url, excluded.provider_url, excluded.last_reviewed)`,
    tokens.map((token) => ({
      id: token.id,
      symbol: token.symbol,
      name: token.name,
      rank: token.rank,
      ...token.links,
      last_reviewed: token.last_reviewed,
    })),
  );
  const list = (name: string) => `array(select jsonb_array_elements_text(x.${name}))`;
  await run(
    'token_translations',
    `insert into public.token_translations as tt
       (token_id, language, about, quick_summary, use_cases, strengths, challenges, how_to_buy,
        how_to_store, common_mistakes, history, technology, ecosystem)
     select x.id, x.language, x.about, x.quick_summary, ${list('use_cases')},
       ${list('strengths')}, ${list('challenges')}, x.how_to_buy, x.how_to_store,
       ${list('common_mistakes')}, x.history, x.technology, x.ecosystem
     from jsonb_to_recordset($1::jsonb) as x (
       id text, language text, about text, quick_summary text, use_cases jsonb,
       strengths jsonb, challenges jsonb, how_to_buy text, how_to_store text,
       common_mistakes jsonb, history text, technology text, ecosystem text)
     where ${keptToken}
     on conflict (token_id, language) do update
       set about = excluded.about, quick_summary = excluded.quick_summary,
           use_cases = excluded.use_cases, strengths = excluded.strengths,
           challenges = excluded.challenges, how_to_buy = excluded.how_to_buy,
           how_to_store = excluded.how_to_store, common_mistakes = excluded.common_mistakes,
           history = excluded.history, technology = excluded.technology,
           ecosystem = excluded.ecosystem
       where (tt.about, tt.quick_summary, tt.use_cases, tt.strengths, tt.challenges,
              tt.how_to_buy, tt.how_to_store, tt.common_mistakes, tt.history, tt.technology,
              tt.ecosystem)
         is distinct from (excluded.about, excluded.quick_summary, excluded.use_cases,
              excluded.strengths, excluded.challenges, excluded.how_to_buy,
              excluded.how_to_store, excluded.common_mistakes, excluded.history,
              excluded.technology, excluded.ecosystem)`,
    textRows(tokens, (token) => ({ id: token.id })),
  );
}

async function seedModules(run: Run, modules: LearningModule[]) {
  await run(
    'learning_modules',
    `insert into public.learning_modules as m (slug, level, position)
     select x.slug, x.level, x.position
     from jsonb_to_recordset($1::jsonb) as x (slug text, level text, position integer)
     on conflict (slug) do update
       set level = excluded.level, position = excluded.position
       where (m.level, m.position) is distinct from (excluded.level, excluded.position)`,
    modules.map(({ slug, level, position }) => ({ slug, level, position })),
  );
  await run(
    'learning_module_translations',
    `insert into public.learning_module_translations as mt (module_id, language, title, summary)
     select m.id, x.language, x.title, x.summary
     from jsonb_to_recordset($1::jsonb) as x (slug text, language text, title text, summary text)
     join public.learning_modules as m on m.slug = x.slug
     on conflict (module_id, language) do update
       set title = excluded.title, summary = excluded.summary
       where (mt.title, mt.summary) is distinct from (excluded.title, excluded.summary)`,
    textRows(modules, (m) => ({ slug: m.slug })),
  );
  await run(
    'learning_steps',
    `insert into public.learning_steps (module_id, position)
     select m.id, x.position
     from jsonb_to_recordset($1::jsonb) as x (slug text, position integer)
     join public.learning_modules as m on m.slug = x.slug
     on conflict (module_id, position) do nothing`,
    modules.flatMap((m) => m.steps.map((step) => ({ slug: m.slug, position: step.position }))),
  );
  await run(
    'learning_step_translations',
    `insert into public.learning_step_translations as st (step_id, language, title, body)
     select s.id, x.language, x.title, x.body
     from jsonb_to_recordset($1::jsonb) as x (
       slug text, position integer, language text, title text, body text)
     join public.learning_modules as m on m.slug = x.slug
     join public.learning_steps as s on s.module_id = m.id and s.position = x.position
     on conflict (step_id, language) do update
       set title = excluded.title, body = excluded.body
       where (st.title, st.body) is distinct from (excluded.title, excluded.body)`,
    modules.flatMap((m) =>
      textRows(m.steps, (step) => ({ slug: m.slug, position: step.position })),
    ),
  );
  await run(
    'quiz_questions',
    `insert into public.quiz_questions (module_id, position)
     select m.id, x.position
     from jsonb_to_recordset($1::jsonb) as x (slug text, position integer)
     join public.learning_modules as m on m.slug = x.slug
     on conflict (module_id, position) do nothing`,
    modules.flatMap((m) => m.questions.map((q) => ({ slug: m.slug, position: q.position }))),
  );
  const questionJoin = `join public.learning_modules as m on m.slug = x.slug
     join public.quiz_questions as q on q.module_id = m.id and q.position = x.position`;
  await run(
    'quiz_question_translations',
    `insert into public.quiz_question_translations as qt
       (question_id, language, prompt, options, explanations)
     select q.id, x.language, x.prompt, x.options, x.explanations
     from jsonb_to_recordset($1::jsonb) as x (
       slug text, position integer, language text, prompt text, options jsonb,
       explanations jsonb)
     ${questionJoin}
     on conflict (question_id, language) do update
       set prompt = excluded.prompt, options = excluded.options,
           explanations = excluded.explanations
       where (qt.prompt, qt.options, qt.explanations)
         is distinct from (excluded.prompt, excluded.options, excluded.explanations)`,
    modules.flatMap((m) => textRows(m.questions, (q) => ({ slug: m.slug, position: q.position }))),
  );
  await run(
    'quiz_answers',
    `insert into public.quiz_answers as a (question_id, correct_option_key)
     select q.id, x.correct
     from jsonb_to_recordset($1::jsonb) as x (slug text, position integer, correct text)
     ${questionJoin}
     on conflict (question_id) do update
       set correct_option_key = excluded.correct_option_key
       where a.correct_option_key is distinct from excluded.correct_option_key`,
    modules.flatMap((m) =>
      m.questions.map((q) => ({ slug: m.slug, position: q.position, correct: q.correct })),
    ),
  );
}

/** The rows a content makes: one per entry, and one per entry and language. */
export function rowsOfContent(content: Content): SeedTableCounts {
  const perLanguage = languages.length;
  const steps = content.modules.reduce((sum, m) => sum + m.steps.length, 0);
  const questions = content.modules.reduce((sum, m) => sum + m.questions.length, 0);
  return {
    terms: content.terms.length,
    term_translations: content.terms.length * perLanguage,
    tokens: content.tokens.length,
    token_translations: content.tokens.length * perLanguage,
    learning_modules: content.modules.length,
    learning_module_translations: content.modules.length * perLanguage,
    learning_steps: steps,
    learning_step_translations: steps * perLanguage,
    quiz_questions: questions,
    quiz_question_translations: questions * perLanguage,
    quiz_answers: questions,
  };
}
