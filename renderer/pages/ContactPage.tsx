import { UnpublishedPage } from './parts/UnpublishedPage';

export default function ContactPage() {
  return <UnpublishedPage page="contact" />;
}
