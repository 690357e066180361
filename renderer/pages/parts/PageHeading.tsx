import type { PageKey } from '../../app/routeTable';
import { useTranslation } from 'react-i18next';
import { useDocumentDescription } from './useDocumentDescription';
import { useDocumentTitle } from './useDocumentTitle';

/** A page's translated title (its one h1) and the sentence that says what it is for. */
export function PageHeading({ page }: { page: PageKey }) {
  const { t } = useTranslation('pages');
  const title = t(`${page}.title`);
  const intro = t(`${page}.intro`);
  useDocumentTitle(title);
  useDocumentDescription(intro);
  return (
    <header className="page-heading">
      <h1 className="page-heading__title">{title}</h1>
      <p className="page-heading__intro">{intro}</p>
    </header>
  );
}
