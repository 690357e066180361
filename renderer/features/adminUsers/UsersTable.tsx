import { useTranslation } from 'react-i18next';
import type { AdminUser } from './api';
import { RoleAction } from './RoleAction';
import { useDateTime } from '../admin/useDateTime';

/**
 * The users of one page. The table scrolls sideways inside its own focusable region on narrow
 * screens, so that the page itself never does.
 */
export function UsersTable({ users, selfId }: { users: AdminUser[]; selfId: string | null }) {
  const { t } = useTranslation('adminPeople');
  const dateTime = useDateTime();
  return (
    <div className="admin-table-wrap" role="region" aria-label={t('users.tableLabel')} tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('users.columns.email')}</th>
            <th scope="col">{t('users.columns.memberSince')}</th>
            <th scope="col">{t('users.columns.lastSignIn')}</th>
            <th scope="col">{t('users.columns.confirmed')}</th>
            <th scope="col">{t('users.columns.role')}</th>
            <th scope="col">{t('users.columns.action')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row" className="admin-table__key">
                {user.email}
                {user.id === selfId && <span className="admin-users__you"> {t('users.you')}</span>}
              </th>
              <td>
                <time dateTime={user.createdAt}>{dateTime(user.createdAt)}</time>
              </td>
              <td>
                {user.lastSignInAt === null ? (
                  t('users.neverSignedIn')
                ) : (
                  <time dateTime={user.lastSignInAt}>{dateTime(user.lastSignInAt)}</time>
                )}
              </td>
              <td>{user.confirmed ? t('users.confirmed.yes') : t('users.confirmed.no')}</td>
              <td>
                <span className={user.isAdmin ? 'admin-tag admin-tag--strong' : 'admin-tag'}>
                  {user.isAdmin ? t('users.roles.admin') : t('users.roles.user')}
                </span>
              </td>
              <td>
                <RoleAction user={user} isSelf={user.id === selfId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
