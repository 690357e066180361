import { UnpublishedPage } from './parts/UnpublishedPage';

export default function DictionaryTermPage() {
  return <UnpublishedPage page="dictionaryTerm" />;
}
