import { LANGUAGES, type Language, type TermCategory } from '../../../shared/catalog';
import { foldForSearch, matchesQuery } from '../search/matchesQuery';
import type { TermSummary } from './api';

export interface TermFilter {
  category: TermCategory | null;
  query: string;
}

/** A term the list shows, and the title in another language that matched, if that is why. */
export interface TermMatch {
  term: TermSummary;
  matchedTitle?: { language: Language; title: string };
}

/**
 * The terms of a category whose title or definition in the reader's language contains every
 * word of the query (accents and case ignored), or whose title in another language does: a
 * French reader typing "wallet" finds "Portefeuille".
 */
export function filterTerms(
  terms: readonly TermSummary[],
  filter: TermFilter,
  language: Language,
): TermMatch[] {
  const matches: TermMatch[] = [];
  for (const term of terms) {
    if (filter.category !== null && term.category !== filter.category) continue;
    const own = [term.titles[language] ?? '', term.definitions[language] ?? ''];
    if (matchesQuery(filter.query, own)) {
      matches.push({ term });
      continue;
    }
    for (const other of LANGUAGES) {
      const title = term.titles[other];
      if (other !== language && title !== undefined && matchesQuery(filter.query, [title])) {
        matches.push({ term, matchedTitle: { language: other, title } });
        break;
      }
    }
  }
  return matches.sort((a, b) =>
    titleOf(a.term, language).localeCompare(titleOf(b.term, language), language),
  );
}

export function titleOf(term: TermSummary, language: Language): string {
  return term.titles[language] ?? term.slug;
}

/** The letter a term is filed under in the A–Z list: "Échange" goes under E, "51 %" under #. */
export function initialOf(title: string): string {
  const first = foldForSearch(title).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

/** How many terms each category holds, for the chips. */
export function countByCategory(terms: readonly TermSummary[]): Map<TermCategory, number> {
  const counts = new Map<TermCategory, number>();
  for (const term of terms) counts.set(term.category, (counts.get(term.category) ?? 0) + 1);
  return counts;
}
