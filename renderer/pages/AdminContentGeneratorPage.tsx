import '../features/adminGenerator/adminGenerator.css';
import { AdminFrame } from '../features/admin/AdminFrame';
import { ContentGenerator } from '../features/adminGenerator/ContentGenerator';

export default function AdminContentGeneratorPage() {
  return (
    <AdminFrame page="adminContentGenerator">
      <ContentGenerator />
    </AdminFrame>
  );
}
