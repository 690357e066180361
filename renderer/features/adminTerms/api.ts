import { dataOf } from '../../app/backendError';
import { isLanguage, LANGUAGES, type Language } from '../../../shared/catalog';
import type { TermInput, TermTextInput } from '../../../shared/content/termRules';
import type { Json } from '../../../shared/database.types';
import type { Backend } from '../../session/supabaseClient';
import { fetchTermRow } from '../dictionary/api';

/** A term as the admin's table lists it. */
export interface AdminTermRow {
  slug: string;
  category: string;
  related: string[];
  updatedAt: string;
  titles: Partial<Record<Language, string>>;
}

/** Every term, with its titles in every language, ordered by slug. */
export async function fetchAdminTermList(client: Backend): Promise<AdminTermRow[]> {
  const rows = dataOf(
    await client
      .from('terms')
      .select('slug, category, related_slugs, updated_at, term_translations(language, title)')
      .order('slug'),
  );
  return rows.map((row) => {
    const titles: AdminTermRow['titles'] = {};
    for (const text of row.term_translations) {
      if (isLanguage(text.language)) titles[text.language] = text.title;
    }
    return {
      slug: row.slug,
      category: row.category,
      related: row.related_slugs,
      updatedAt: row.updated_at,
      titles,
    };
  });
}

const NO_TEXT: TermTextInput = { title: '', short_definition: '', body: '', example: '' };

/**
 * One term as the editor fills its fields (a language the database lacks comes empty), or null
 * when no term has this slug.
 */
export async function fetchAdminTerm(client: Backend, slug: string): Promise<TermInput | null> {
  const row = await fetchTermRow(client, slug);
  if (row === null) return null;
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => [language, { ...NO_TEXT }]),
  ) as TermInput['translations'];
  for (const text of row.term_translations) {
    if (!isLanguage(text.language)) continue;
    translations[text.language] = {
      title: text.title,
      short_definition: text.short_definition,
      body: text.body,
      example: text.example ?? '',
    };
  }
  return { slug: row.slug, category: row.category, related: row.related_slugs, translations };
}

/**
 * Creates the term (`originalSlug` null) or replaces the term `originalSlug`, with its three
 * languages, in one transaction; returns the saved slug. The server checks the rules again
 * (22023), a taken slug (23505) and an unknown original (PT404).
 */
export async function saveTerm(
  client: Backend,
  originalSlug: string | null,
  term: TermInput,
): Promise<string> {
  const payload: Json = {
    slug: term.slug,
    category: term.category,
    related: [...term.related],
    translations: Object.fromEntries(
      LANGUAGES.map((language) => [language, { ...term.translations[language] }]),
    ),
  };
  // Leaving `_original_slug` out (its default is null) is how a call says "create".
  const args =
    originalSlug === null ? { _term: payload } : { _original_slug: originalSlug, _term: payload };
  return dataOf(await client.rpc('admin_save_term', args));
}

/** Deletes the term; returns the slugs of the terms whose related list lost it. */
export async function deleteTerm(client: Backend, slug: string): Promise<string[]> {
  return dataOf(await client.rpc('admin_delete_term', { _slug: slug }));
}
