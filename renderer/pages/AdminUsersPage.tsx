import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminUsersPage() {
  return <UnpublishedPage page="adminUsers" />;
}
