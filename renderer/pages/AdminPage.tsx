import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminPage() {
  return <UnpublishedPage page="admin" />;
}
