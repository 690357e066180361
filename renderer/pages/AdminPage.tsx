import { Dashboard } from '../features/adminDashboard/Dashboard';

/** `/admin` opens on the dashboard. */
export default function AdminPage() {
  return <Dashboard page="admin" />;
}
