import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '../../../shared/catalog';
import type { AdminTermRow } from './api';
import { SORT_KEYS, type SortDirection, type SortKey } from './adminTermsUrl';
import { titleIn } from './listTerms';

/**
 * The terms as a table whose column headers sort it (a second press reverses the order; the
 * sorted column carries `aria-sort`). Each title opens the term in the editor.
 */
export function TermTable({
  rows,
  language,
  sort,
  direction,
  onSort,
  editSearch,
}: {
  rows: readonly AdminTermRow[];
  language: Language;
  sort: SortKey;
  direction: SortDirection;
  onSort: (sort: SortKey, direction: SortDirection) => void;
  /** The query string that opens a term in the editor, the list's filters kept. */
  editSearch: (slug: string) => string;
}) {
  const { t, i18n } = useTranslation(['adminTerms', 'dictionary']);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const arrow = direction === 'ascending' ? '▲' : '▼';
  return (
    <div className="admin-table-wrap" role="region" aria-label={t('list.tableLabel')} tabIndex={0}>
      <table className="admin-table admin-terms__table">
        <thead>
          <tr>
            {SORT_KEYS.map((key) => (
              <th key={key} scope="col" aria-sort={key === sort ? direction : undefined}>
                <button
                  type="button"
                  className="admin-terms__sort"
                  onClick={() => {
                    onSort(
                      key,
                      key === sort && direction === 'ascending' ? 'descending' : 'ascending',
                    );
                  }}
                >
                  {t(`list.columns.${key}`)}
                  <span aria-hidden="true" className="admin-terms__sort-arrow">
                    {key === sort ? arrow : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const title = titleIn(row, language);
            return (
              <tr key={row.slug}>
                <th scope="row">
                  <Link
                    to={{ search: editSearch(row.slug) }}
                    aria-label={t('list.editNamed', { title })}
                    data-slug={row.slug}
                  >
                    {title}
                  </Link>
                </th>
                <td>
                  <code>{row.slug}</code>
                </td>
                <td>{t(`dictionary:category.${row.category}`, { defaultValue: row.category })}</td>
                <td>{row.related.length}</td>
                <td>
                  <time dateTime={row.updatedAt}>{date.format(new Date(row.updatedAt))}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
