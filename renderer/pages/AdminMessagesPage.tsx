import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AdminMessagesPage() {
  return <UnpublishedPage page="adminMessages" />;
}
