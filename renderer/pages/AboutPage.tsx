import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AboutPage() {
  return <UnpublishedPage page="about" />;
}
