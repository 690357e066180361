import { useUrlState } from '../../app/useUrlState';
import { MAX_USER_SEARCH_LENGTH } from './api';

export interface UsersListState {
  /** The address search, as the URL holds it (`?q=`). */
  query: string;
  /** From 1 (`?page=`). */
  page: number;
}

/** A page number from the URL: a whole number from 1, anything else is the first page. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

export function readUsersListState(params: URLSearchParams): UsersListState {
  return {
    query: (params.get('q') ?? '').slice(0, MAX_USER_SEARCH_LENGTH),
    page: readPage(params),
  };
}

/** Defaults are left out, so the plain list is plain `/admin/users`. */
export function writeUsersListState(state: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query !== '') params.set('q', state.query);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The users list's search and page, kept in the URL. */
export function useUsersListState(): [UsersListState, (change: Partial<UsersListState>) => void] {
  return useUrlState(readUsersListState, writeUsersListState, 'query');
}
