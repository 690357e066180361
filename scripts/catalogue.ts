import { createHash } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { loadContent } from '../server/seed/load.ts';
import { LANGUAGES, type Language } from '../shared/catalog.ts';
import type { Database } from '../shared/database.types.ts';

// The catalogue the build writes its pages for crawlers and its sitemap from (scripts/prerender.ts,
// scripts/sitemap.ts): read from the database through the backend's REST API, as the app reads
// it, when the build names a backend (VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, which
// `npm start` and the end-to-end build set); else from content/, which the database is seeded
// from. So an admin's edit reaches the written pages at the next build. A named backend that does
// not answer leaves the build to content/, with a warning: the pages still get written (a
// desktop package, which leaves them out, needs no backend to build). The types are the
// database's: a text the database allows to be empty may be null; content/ fills every one.

export interface CatalogueTerm {
  slug: string;
  category: string;
  related: string[];
  translations: Record<
    Language,
    { title: string; short_definition: string; body: string; example: string | null }
  >;
}

export interface CatalogueTokenText {
  about: string | null;
  quick_summary: string | null;
  use_cases: string[];
  strengths: string[];
  challenges: string[];
  how_to_buy: string | null;
  how_to_store: string | null;
  common_mistakes: string[];
  history: string | null;
  technology: string | null;
  ecosystem: string | null;
}

export interface CatalogueToken {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  links: { website: string | null; whitepaper: string | null; provider: string | null };
  /** YYYY-MM-DD. */
  last_reviewed: string | null;
  translations: Record<Language, CatalogueTokenText>;
}

export interface CatalogueModule {
  slug: string;
  level: string;
  position: number;
  translations: Record<Language, { title: string; summary: string | null }>;
  steps: { position: number; translations: Record<Language, { title: string; body: string }> }[];
}

export interface Catalogue {
  terms: CatalogueTerm[];
  tokens: CatalogueToken[];
  modules: CatalogueModule[];
}

/** The backend a build reads the catalogue from: both variables set, or none. */
export interface CatalogueBackend {
  url: string;
  anonKey: string;
}

export function catalogueBackendFrom(
  env: Record<string, string | undefined>,
): CatalogueBackend | undefined {
  const url = env['VITE_SUPABASE_URL']?.trim() ?? '';
  const anonKey = env['VITE_SUPABASE_ANON_KEY']?.trim() ?? '';
  return url === '' || anonKey === '' ? undefined : { url, anonKey };
}

/**
 * Each language's texts of an entry, in the order of LANGUAGES (so that the same rows always
 * give the same catalogue, whatever order the database returns them in), or undefined when one
 * is missing: the written page of an entry shows all three, the app the languages it has.
 */
function byLanguage<T extends { language: string }>(
  rows: readonly T[],
): Record<Language, Omit<T, 'language'>> | undefined {
  const texts = {} as Record<Language, Omit<T, 'language'>>;
  for (const language of LANGUAGES) {
    const row = rows.find((candidate) => candidate.language === language);
    if (row === undefined) return undefined;
    const { language: _language, ...text } = row;
    texts[language] = text;
  }
  return texts;
}

/** The entries written in all three languages, each made from its row and those texts. */
function inAllLanguages<Row, Text extends { language: string }, Entry>(
  rows: readonly Row[],
  textsOf: (row: Row) => readonly Text[],
  entry: (row: Row, translations: Record<Language, Omit<Text, 'language'>>) => Entry,
): Entry[] {
  return rows.flatMap((row) => {
    const translations = byLanguage(textsOf(row));
    return translations === undefined ? [] : [entry(row, translations)];
  });
}

/** Three reads through supabase-js with the anon key: what any visitor may read. */
export async function catalogueFromBackend(backend: CatalogueBackend): Promise<Catalogue> {
  const client = createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const [terms, tokens, modules] = await Promise.all([
    client
      .from('terms')
      .select(
        'slug, category, related_slugs, term_translations(language, title, short_definition, body, example)',
      )
      .order('slug'),
    client
      .from('tokens')
      .select(
        'id, symbol, name, rank, website_url, whitepaper_url, provider_url, last_reviewed, token_translations(language, about, quick_summary, use_cases, strengths, challenges, how_to_buy, how_to_store, common_mistakes, history, technology, ecosystem)',
      )
      .order('id'),
    client
      .from('learning_modules')
      .select(
        'slug, level, position, learning_module_translations(language, title, summary), learning_steps(position, learning_step_translations(language, title, body))',
      )
      .order('slug'),
  ]);
  const rowsOf = <T>(answer: { data: T[] | null; error: { message: string } | null }): T[] => {
    if (answer.error === null && answer.data !== null) return answer.data;
    throw new Error(
      `The backend at ${backend.url} did not give the catalogue: ` +
        `${answer.error?.message ?? 'no rows'}.`,
    );
  };
  return {
    terms: inAllLanguages(
      rowsOf(terms),
      (row) => row.term_translations,
      (row, translations) => ({
        slug: row.slug,
        category: row.category,
        related: row.related_slugs,
        translations,
      }),
    ),
    tokens: inAllLanguages(
      rowsOf(tokens),
      (row) => row.token_translations,
      (row, translations) => ({
        id: row.id,
        symbol: row.symbol,
        name: row.name,
        rank: row.rank,
        links: {
          website: row.website_url,
          whitepaper: row.whitepaper_url,
          provider: row.provider_url,
        },
        last_reviewed: row.last_reviewed,
        translations,
      }),
    ),
    modules: inAllLanguages(
      rowsOf(modules),
      (row) => row.learning_module_translations,
      (row, translations) => ({
        slug: row.slug,
        level: row.level,
        position: row.position,
        translations,
        steps: inAllLanguages(
          row.learning_steps,
          (step) => step.learning_step_translations,
          (step, texts) => ({ position: step.position, translations: texts }),
        ).sort((a, b) => a.position - b.position),
      }),
    ),
  };
}

/**
 * The catalogue of the backend when one is named and answers, else of content/; `warn` hears
 * why a named backend's was not used.
 */
export async function readCatalogue(
  backend: CatalogueBackend | undefined,
  contentDir: string,
  warn: (message: string) => void = console.warn,
): Promise<Catalogue> {
  if (backend === undefined) return loadContent(contentDir);
  try {
    return await catalogueFromBackend(backend);
  } catch (error) {
    warn(
      `${error instanceof Error ? error.message : String(error)} The pages written for ` +
        'crawlers and the sitemap are made from content/ instead: start the backend (npm ' +
        'start does) and build again for what the database holds.',
    );
    return loadContent(contentDir);
  }
}

/**
 * The catalogue read once for a whole build, on first use (the sitemap and the written pages
 * both need it; a build that writes no page, such as the desktop main process's, reads nothing).
 */
export function catalogueOfBuild(
  backend: CatalogueBackend | undefined,
  contentDir: string,
): () => Promise<Catalogue> {
  let read: Promise<Catalogue> | undefined;
  return () => (read ??= readCatalogue(backend, contentDir));
}

/**
 * Where the build notes which catalogue its pages say (its digest): `npm start` records that,
 * not the one it meant to build from, so a build that had to fall back to content/ is built
 * again at the next start.
 */
export const CATALOGUE_DIGEST_FILE = 'prerendered/catalogue.sha256';

/** A digest of what the written pages say of the catalogue, for `npm start` to see it changed. */
export function catalogueDigest(catalogue: Catalogue): string {
  const sorted = {
    terms: [...catalogue.terms].sort((a, b) => a.slug.localeCompare(b.slug)),
    tokens: [...catalogue.tokens].sort((a, b) => a.id.localeCompare(b.id)),
    modules: [...catalogue.modules].sort((a, b) => a.slug.localeCompare(b.slug)),
  };
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}
