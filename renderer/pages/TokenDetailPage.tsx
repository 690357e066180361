import { UnpublishedPage } from './parts/UnpublishedPage';

export default function TokenDetailPage() {
  return <UnpublishedPage page="tokenDetail" />;
}
