import { DashboardOutlined, HeartOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLoginPath } from '../features/account/useLoginPath';
import { isAdminAtom } from '../session/accountAtoms';
import { currentUserAtom, sessionAtom } from '../session/sessionAtoms';
import { useLogout } from '../session/useLogout';
import { MenuButton, type MenuEntry } from './MenuButton';
import { UserAvatar } from './UserAvatar';

/** The header's account corner: a Login link for visitors, an avatar menu once signed in. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const logout = useLogout();

  if (session.status === 'loading') return null;
  if (!user) {
    return (
      <Link to={loginPath} className="header-login">
        {t('nav.login')}
      </Link>
    );
  }

  const entries: MenuEntry[] = [
    { key: 'email', note: user.email ?? t('nav.account') },
    { key: 'divider-top', divider: true },
    ...(isAdmin
      ? [{ key: '/admin/dashboard', icon: <DashboardOutlined />, label: t('nav.adminDashboard') }]
      : []),
    { key: '/profile', icon: <UserOutlined />, label: t('nav.profile') },
    { key: '/favorites', icon: <HeartOutlined />, label: t('nav.favorites') },
    { key: 'divider-bottom', divider: true },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
  ];

  return (
    <MenuButton
      className="header-control header-avatar"
      align="end"
      ariaLabel={t('nav.accountMenu')}
      label={<UserAvatar email={user.email} />}
      entries={entries}
      onSelect={(key) => {
        if (key === 'logout') void logout();
        else void navigate(key);
      }}
    />
  );
}
