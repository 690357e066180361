import { dataOf, throwIfFailed } from '../../app/backendError';
import {
  isLanguage,
  isTermCategory,
  type Language,
  type TermCategory,
} from '../../../shared/catalog';
import type { Backend } from '../../session/supabaseClient';

/** A term as the list shows it: its title and definition in every language, for search. */
export interface TermSummary {
  slug: string;
  category: TermCategory;
  titles: Partial<Record<Language, string>>;
  definitions: Partial<Record<Language, string>>;
}

export interface TermText {
  title: string;
  definition: string;
  body: string;
  example: string | null;
}

/** A term as its page shows it. */
export interface TermDetail {
  slug: string;
  category: TermCategory;
  relatedSlugs: string[];
  texts: Partial<Record<Language, TermText>>;
}

// The database's check constraint allows only the seven; the fallback only satisfies the type.
const asCategory = (value: string): TermCategory => (isTermCategory(value) ? value : 'technology');

/** Every term with its titles and one-line definitions, ordered by slug. */
export async function fetchTermList(client: Backend): Promise<TermSummary[]> {
  const rows = dataOf(
    await client
      .from('terms')
      .select('slug, category, term_translations(language, title, short_definition)')
      .order('slug'),
  );
  return rows.map((row) => {
    const titles: TermSummary['titles'] = {};
    const definitions: TermSummary['definitions'] = {};
    for (const text of row.term_translations) {
      if (!isLanguage(text.language)) continue;
      titles[text.language] = text.title;
      definitions[text.language] = text.short_definition;
    }
    return { slug: row.slug, category: asCategory(row.category), titles, definitions };
  });
}

/** One term's row with every text of it, or null when no term has this slug. */
export async function fetchTermRow(client: Backend, slug: string) {
  const answer = await client
    .from('terms')
    .select(
      'slug, category, related_slugs, term_translations(language, title, short_definition, body, example)',
    )
    .eq('slug', slug)
    .maybeSingle();
  throwIfFailed(answer);
  return answer.data;
}

/** One term with its full texts, or null when no term has this slug. */
export async function fetchTerm(client: Backend, slug: string): Promise<TermDetail | null> {
  const row = await fetchTermRow(client, slug);
  if (row === null) return null;
  const texts: TermDetail['texts'] = {};
  for (const text of row.term_translations) {
    if (!isLanguage(text.language)) continue;
    texts[text.language] = {
      title: text.title,
      definition: text.short_definition,
      body: text.body,
      example: text.example,
    };
  }
  return {
    slug: row.slug,
    category: asCategory(row.category),
    relatedSlugs: row.related_slugs,
    texts,
  };
}
