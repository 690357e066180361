import { UnpublishedPage } from './parts/UnpublishedPage';

export default function LearningModulePage() {
  return <UnpublishedPage page="learningModule" />;
}
