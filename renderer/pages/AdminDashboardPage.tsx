import { Dashboard } from '../features/adminDashboard/Dashboard';

export default function AdminDashboardPage() {
  return <Dashboard page="adminDashboard" />;
}
