import { useUrlState } from '../../app/useUrlState';
import { isTermCategory } from '../../../shared/catalog';
import type { TermFilter } from './filterTerms';

/** The longest query kept: enough for any title, short enough to keep URLs sane. */
export const MAX_QUERY_LENGTH = 200;

/** The filter as the URL holds it (`?category=defi&q=wallet`); unknown values are ignored. */
export function readTermFilter(params: URLSearchParams): TermFilter {
  const category = params.get('category');
  return {
    category: isTermCategory(category) ? category : null,
    query: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
  };
}

/** The URL parameters of a filter: empty values are left out. */
export function writeTermFilter(filter: TermFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.category !== null) params.set('category', filter.category);
  if (filter.query !== '') params.set('q', filter.query);
  return params;
}

/** The dictionary's category and search, kept in the URL. */
export function useTermFilter(): [TermFilter, (change: Partial<TermFilter>) => void] {
  return useUrlState(readTermFilter, writeTermFilter, 'query');
}
