import { AdminFrame } from '../features/admin/AdminFrame';
import { AdminTerms } from '../features/adminTerms/AdminTerms';

export default function AdminTermsPage() {
  return (
    <AdminFrame page="adminTerms">
      <AdminTerms />
    </AdminFrame>
  );
}
