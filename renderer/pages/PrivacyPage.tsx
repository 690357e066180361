import { UnpublishedPage } from './parts/UnpublishedPage';

export default function PrivacyPage() {
  return <UnpublishedPage page="privacy" />;
}
