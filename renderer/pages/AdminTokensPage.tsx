import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminTokensPage() {
  return <UnpublishedPage page="adminTokens" />;
}
