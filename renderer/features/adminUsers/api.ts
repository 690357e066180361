import { dataOf, throwIfFailed } from '../../app/backendError';
import type { Backend } from '../../session/supabaseClient';

/** Users per page of the admin list (the server allows up to 100). */
export const USERS_PAGE_SIZE = 25;

/** The longest search the server accepts: an email address is at most 255 characters. */
export const MAX_USER_SEARCH_LENGTH = 255;

export interface AdminUser {
  id: string;
  email: string;
  createdAt: string;
  /** Null for an account that never signed in. */
  lastSignInAt: string | null;
  confirmed: boolean;
  isAdmin: boolean;
}

export interface UsersPage {
  users: AdminUser[];
  /** How many users the search matches; null when the page is past the end and says nothing. */
  total: number | null;
}

/** A row of `admin_list_users`: the generated types cannot tell which timestamps may be null. */
interface ListedUserRow {
  id: string;
  email: string;
  created_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
  roles: readonly string[];
  total: number;
}

/** One page of users, newest accounts first, whose address contains `query` (any case). */
export async function listUsers(
  client: Backend,
  { query, page }: { query: string; page: number },
): Promise<UsersPage> {
  const search = query.trim();
  const rows: ListedUserRow[] = dataOf(
    await client.rpc('admin_list_users', {
      ...(search === '' ? {} : { _search: search }),
      _limit: USERS_PAGE_SIZE,
      _offset: (page - 1) * USERS_PAGE_SIZE,
    }),
  );
  return {
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.created_at,
      lastSignInAt: row.last_sign_in_at,
      confirmed: row.email_confirmed_at !== null,
      isAdmin: row.roles.includes('admin'),
    })),
    total: rows[0]?.total ?? null,
  };
}

/** Grants (true) or revokes (false) the admin role. Revoking one's own raises P0001. */
export async function setAdminRole(
  client: Backend,
  userId: string,
  granted: boolean,
): Promise<void> {
  throwIfFailed(
    await client.rpc('admin_set_role', { _user_id: userId, _role: 'admin', _granted: granted }),
  );
}
