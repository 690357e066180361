import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminTermsPage() {
  return <UnpublishedPage page="adminTerms" />;
}
