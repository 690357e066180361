import { useUrlState } from '../../app/useUrlState';
import { isTermCategory, type TermCategory } from '../../../shared/catalog';

export const SORT_KEYS = ['title', 'slug', 'category', 'related', 'updated'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

/** The terms page's state as its URL holds it: `?q=…&category=…&sort=…&dir=…&edit=<slug>|new=1`. */
export interface AdminTermsState {
  query: string;
  category: TermCategory | null;
  sort: SortKey;
  direction: SortDirection;
  /** The term open in the editor, or null. */
  edit: string | null;
  /** True when the editor holds a new term. */
  creating: boolean;
}

const MAX_QUERY_LENGTH = 200;

export function readAdminTermsState(params: URLSearchParams): AdminTermsState {
  const category = params.get('category');
  const sort = params.get('sort');
  const edit = params.get('edit');
  return {
    query: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    category: isTermCategory(category) ? category : null,
    sort: (SORT_KEYS as readonly (string | null)[]).includes(sort) ? (sort as SortKey) : 'title',
    direction: params.get('dir') === 'desc' ? 'descending' : 'ascending',
    edit: edit === null || edit === '' ? null : edit,
    creating: edit === null && params.get('new') === '1',
  };
}

/** The URL parameters of a state: defaults are left out. */
export function writeAdminTermsState(state: AdminTermsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query !== '') params.set('q', state.query);
  if (state.category !== null) params.set('category', state.category);
  if (state.sort !== 'title') params.set('sort', state.sort);
  if (state.direction === 'descending') params.set('dir', 'desc');
  if (state.edit !== null) params.set('edit', state.edit);
  else if (state.creating) params.set('new', '1');
  return params;
}

/** What the editor shows: a term's slug, 'new', or nothing (null). */
export function editorTarget(state: AdminTermsState): string | null {
  return state.edit ?? (state.creating ? 'new' : null);
}

export function useAdminTermsState() {
  return useUrlState(readAdminTermsState, writeAdminTermsState, 'query');
}
