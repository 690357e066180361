import { UnpublishedPage } from './parts/UnpublishedPage';

export default function TokensPage() {
  return <UnpublishedPage page="tokens" />;
}
