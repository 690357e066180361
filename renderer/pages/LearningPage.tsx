import { UnpublishedPage } from './parts/UnpublishedPage';

export default function LearningPage() {
  return <UnpublishedPage page="learning" />;
}
