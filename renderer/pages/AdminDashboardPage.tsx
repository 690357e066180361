import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminDashboardPage() {
  return <UnpublishedPage page="adminDashboard" />;
}
