import '../styles/account.css';
import '../styles/profile.css';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AccountFacts } from '../features/profile/AccountFacts';
import { AvatarEditor } from '../features/profile/AvatarEditor';
import { DataExport } from '../features/profile/DataExport';
import { DeleteAccount } from '../features/profile/DeleteAccount';
import { EmailChangeForm } from '../features/profile/EmailChangeForm';
import { PasswordChangeForm } from '../features/profile/PasswordChangeForm';
import { ProfileDetailsForm } from '../features/profile/ProfileDetailsForm';
import { useProfileDetails } from '../features/profile/useProfileDetails';
import { LearningProgressSummary } from '../features/learning/LearningProgressSummary';
import { sessionAtom } from '../session/sessionAtoms';
import { LoadedData } from './parts/LoadedData';
import { ModeSwitcher } from './parts/ModeSwitcher';
import { PageHeading } from './parts/PageHeading';

const TABS = ['profile', 'settings'] as const;
type ProfileTab = (typeof TABS)[number];

/** The signed-in person's page (the router lets no one else in): two tabs, each an address. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const tab: ProfileTab = params.get('tab') === 'settings' ? 'settings' : 'profile';
  const session = useAtomValue(sessionAtom);
  const user = session.status === 'ready' ? session.session?.user : undefined;
  if (!user) return null;
  const email = user.email ?? '';

  return (
    <article className="page profile-page">
      <PageHeading page="profile" />
      <ModeSwitcher
        label={t('tabs.label')}
        current={tab}
        modes={TABS.map((key) => ({
          key,
          label: t(`tabs.${key}`),
          to: { search: key === 'profile' ? '' : `?tab=${key}` },
        }))}
      />
      {tab === 'profile' ? (
        <ProfileTab userId={user.id} email={email} createdAt={user.created_at} />
      ) : (
        <div className="profile-sections">
          <EmailChangeForm email={email} pendingEmail={user.new_email ?? null} />
          <PasswordChangeForm />
          <DataExport />
          <DeleteAccount userId={user.id} />
        </div>
      )}
    </article>
  );
}

function ProfileTab({
  userId,
  email,
  createdAt,
}: {
  userId: string;
  email: string;
  createdAt: string;
}) {
  const details = useProfileDetails(userId);
  return (
    <LoadedData query={details}>
      {(profile) => (
        <div className="profile-sections">
          <AvatarEditor userId={userId} email={email} avatarUrl={profile.avatarUrl} />
          <ProfileDetailsForm
            userId={userId}
            initial={{ fullName: profile.fullName, bio: profile.bio }}
          />
          <AccountFacts
            email={email}
            createdAt={createdAt}
            isAdmin={profile.isAdmin}
            favoriteCount={profile.favoriteCount}
          />
          <LearningProgressSummary />
        </div>
      )}
    </LoadedData>
  );
}
