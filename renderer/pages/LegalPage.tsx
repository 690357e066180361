import { UnpublishedPage } from './parts/UnpublishedPage';

export default function LegalPage() {
  return <UnpublishedPage page="legal" />;
}
