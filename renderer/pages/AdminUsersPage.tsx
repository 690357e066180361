import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchQuery } from '../app/useSearchQuery';
import { AdminFrame } from '../features/admin/AdminFrame';
import { adminErrorKey } from '../features/admin/adminErrorKey';
import { MAX_USER_SEARCH_LENGTH, USERS_PAGE_SIZE } from '../features/adminUsers/api';
import { Pager } from '../features/admin/Pager';
import { useAdminUsers } from '../features/adminUsers/useAdminUsers';
import { useUsersListState, writeUsersListState } from '../features/adminUsers/usersListState';
import { UsersTable } from '../features/adminUsers/UsersTable';
import { currentUserAtom } from '../session/sessionAtoms';
import { LiveSearchField } from './parts/LiveSearchField';
import { NoticePanel } from './parts/NoticePanel';

function UsersBrowser() {
  const { t } = useTranslation(['adminPeople', 'admin', 'common']);
  const self = useAtomValue(currentUserAtom);
  const [state, setState] = useUsersListState();
  // A new search starts on the first page; the search alone replaces the history entry, so
  // that Back does not step through every pause in the typing.
  const search = useSearchQuery(state.query, (query) => {
    setState(state.page > 1 ? { query, page: 1 } : { query });
  });
  const users = useAdminUsers(state.query, state.page);
  const total = users.data?.total ?? null;
  const pageCount = total === null ? state.page : Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <section className="admin-section" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="admin-section__title">
        {t('users.title')}
      </h2>
      <LiveSearchField
        key={search.revision}
        initialValue={search.query}
        onType={search.type}
        onBlur={search.flush}
        label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        maxLength={MAX_USER_SEARCH_LENGTH}
        count={users.data ? t('users.count', { count: total ?? 0 }) : ''}
      />
      {users.isError && (
        <div className="admin-notice" role="alert">
          <p>{t(`admin:${adminErrorKey(users.error)}`)}</p>
          <button
            type="button"
            className="text-button"
            onClick={() => {
              void users.refetch();
            }}
          >
            {t('admin:actions.retry')}
          </button>
        </div>
      )}
      {users.data === undefined ? (
        !users.isError && (
          <p className="data-loading" role="status">
            {t('common:data.loading')}
          </p>
        )
      ) : users.data.users.length === 0 ? (
        <NoticePanel
          message={state.page > 1 && total === null ? t('users.pastEnd') : t('users.empty')}
          hint={state.page > 1 && total === null ? undefined : t('users.emptyHint')}
        >
          {state.page > 1 ? (
            <button
              type="button"
              className="button-link"
              onClick={() => {
                setState({ page: 1 });
              }}
            >
              {t('pager.first')}
            </button>
          ) : (
            state.query !== '' && (
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  search.reset('');
                  setState({ query: '', page: 1 });
                }}
              >
                {t('users.clearSearch')}
              </button>
            )
          )}
        </NoticePanel>
      ) : (
        <>
          <UsersTable users={users.data.users} selfId={self?.id ?? null} />
          <Pager
            page={state.page}
            pageCount={pageCount}
            searchFor={(page) => writeUsersListState({ ...state, page }).toString()}
          />
        </>
      )}
    </section>
  );
}

/** `/admin/users`: every account, searchable by address, and who is an administrator. */
export default function AdminUsersPage() {
  return (
    <AdminFrame page="adminUsers">
      <UsersBrowser />
    </AdminFrame>
  );
}
