import { UnpublishedPage } from './parts/UnpublishedPage';

export default function FavoritesPage() {
  return <UnpublishedPage page="favorites" />;
}
