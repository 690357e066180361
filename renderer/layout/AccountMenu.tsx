import { Button } from 'antd';
import type { MenuProps } from 'antd';
import { DashboardOutlined, HeartOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isAdminAtom } from '../session/accountAtoms';
import { currentUserAtom, sessionAtom } from '../session/sessionAtoms';
import { useLogout } from '../session/useLogout';
import { UserAvatar } from './UserAvatar';
import { MenuDropdown } from './MenuDropdown';

/** The header's account corner: a Login button for visitors, an avatar menu once signed in. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const logout = useLogout();

  if (session.status === 'loading') return null;
  if (!user) {
    return (
      <Link to="/auth" className="ant-btn ant-btn-primary header-login">
        {t('nav.login')}
      </Link>
    );
  }

  const items: MenuProps['items'] = [
    { key: 'email', label: user.email ?? t('nav.account'), disabled: true },
    { type: 'divider' },
    ...(isAdmin
      ? [{ key: '/admin/dashboard', icon: <DashboardOutlined />, label: t('nav.adminDashboard') }]
      : []),
    { key: '/profile', icon: <UserOutlined />, label: t('nav.profile') },
    { key: '/favorites', icon: <HeartOutlined />, label: t('nav.favorites') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
  ];

  return (
    <MenuDropdown
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else void navigate(key);
        },
      }}
    >
      <Button
        type="text"
        shape="circle"
        aria-label={t('nav.accountMenu')}
        className="header-avatar"
      >
        <UserAvatar email={user.email} />
      </Button>
    </MenuDropdown>
  );
}
