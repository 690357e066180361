import { UnpublishedPage } from './parts/UnpublishedPage';

export default function TermsPage() {
  return <UnpublishedPage page="terms" />;
}
