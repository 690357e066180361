import { UnpublishedPage } from './parts/UnpublishedPage';

export default function ToolsPage() {
  return <UnpublishedPage page="tools" />;
}
