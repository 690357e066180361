import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Previous and next page as links, so that each page is an address (`?page=`) and the back
 * button goes to the page before. Nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageCount,
  searchFor,
}: {
  page: number;
  pageCount: number;
  /** The query string of another page, the list's other settings kept. */
  searchFor: (page: number) => string;
}) {
  const { t } = useTranslation('adminPeople');
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={t('pager.label')}>
      {page > 1 ? (
        <Link
          className="button-link"
          to={{ search: searchFor(Math.min(page - 1, pageCount)) }}
          rel="prev"
        >
          {t('pager.previous')}
        </Link>
      ) : (
        <span className="admin-pager__spacer" />
      )}
      <p className="admin-pager__position">{t('pager.position', { page, pages: pageCount })}</p>
      {page < pageCount ? (
        <Link className="button-link" to={{ search: searchFor(page + 1) }} rel="next">
          {t('pager.next')}
        </Link>
      ) : (
        <span className="admin-pager__spacer" />
      )}
    </nav>
  );
}
