import { UnpublishedPage } from './parts/UnpublishedPage';

export default function RisksPage() {
  return <UnpublishedPage page="risks" />;
}
