import { UnpublishedPage } from './parts/UnpublishedPage';

export default function StrategiesPage() {
  return <UnpublishedPage page="strategies" />;
}
