import type { Language, TermCategory } from '../../../shared/catalog';
import { matchesQuery } from '../search/matchesQuery';
import type { AdminTermRow } from './api';
import type { SortDirection, SortKey } from './adminTermsUrl';

export function titleIn(row: AdminTermRow, language: Language): string {
  return row.titles[language] ?? row.titles.fr ?? row.slug;
}

/**
 * The rows of a category whose slug or title in any language holds every word of the query
 * (accents and case ignored), sorted by `sort` then by slug. `categoryName` sorts categories
 * by their name in the admin's language.
 */
export function listTerms(
  rows: readonly AdminTermRow[],
  options: {
    query: string;
    category: TermCategory | null;
    sort: SortKey;
    direction: SortDirection;
    language: Language;
    categoryName: (category: string) => string;
  },
): AdminTermRow[] {
  const { query, category, sort, direction, language, categoryName } = options;
  const compare = (a: AdminTermRow, b: AdminTermRow): number => {
    switch (sort) {
      case 'title':
        return titleIn(a, language).localeCompare(titleIn(b, language), language);
      case 'slug':
        return a.slug.localeCompare(b.slug);
      case 'category':
        return categoryName(a.category).localeCompare(categoryName(b.category), language);
      case 'related':
        return a.related.length - b.related.length;
      case 'updated':
        return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
    }
  };
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .filter(
      (row) =>
        (category === null || row.category === category) &&
        matchesQuery(query, [row.slug, ...Object.values(row.titles)]),
    )
    .sort((a, b) => sign * compare(a, b) || a.slug.localeCompare(b.slug));
}
