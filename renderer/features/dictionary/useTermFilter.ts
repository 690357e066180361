import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/**
 * The dictionary's filter, kept in the URL so that a result can be bookmarked and the back
 * button works. Typing replaces the history entry (one entry per search, not per keystroke);
 * choosing a category adds one.
 */
export function useTermFilter(): [TermFilter, (change: Partial<TermFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = readTermFilter(params);
  const update = useCallback(
    (change: Partial<TermFilter>) => {
      setParams((current) => writeTermFilter({ ...readTermFilter(current), ...change }), {
        replace: !('category' in change),
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [filter, update];
}
