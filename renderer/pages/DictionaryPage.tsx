import { UnpublishedPage } from './parts/UnpublishedPage';

export default function DictionaryPage() {
  return <UnpublishedPage page="dictionary" />;
}
