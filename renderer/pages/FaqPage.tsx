import { UnpublishedPage } from './parts/UnpublishedPage';

export default function FaqPage() {
  return <UnpublishedPage page="faq" />;
}
