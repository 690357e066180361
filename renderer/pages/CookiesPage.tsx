import { UnpublishedPage } from './parts/UnpublishedPage';

export default function CookiesPage() {
  return <UnpublishedPage page="cookies" />;
}
