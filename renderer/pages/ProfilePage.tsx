import { UnpublishedPage } from './parts/UnpublishedPage';

export default function ProfilePage() {
  return <UnpublishedPage page="profile" />;
}
