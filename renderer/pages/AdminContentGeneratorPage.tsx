import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminContentGeneratorPage() {
  return <UnpublishedPage page="adminContentGenerator" />;
}
