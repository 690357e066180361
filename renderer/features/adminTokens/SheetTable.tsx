import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../market/format';
import { TEXTS_PER_SHEET, type SheetSummary } from './api';
import type { SheetSortKey, SheetSorting } from './sheetListState';

const COLUMNS: readonly SheetSortKey[] = ['rank', 'name', 'symbol', 'id', 'lastReviewed', 'texts'];

function SortHeader({ column, sorting }: { column: SheetSortKey; sorting: SheetSorting }) {
  const { t } = useTranslation('adminTokens');
  const active = sorting.sort === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sorting.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="sort-button"
        onClick={() => {
          sorting.onSort(column);
        }}
      >
        {t(`list.columns.${column}`)}
        <span aria-hidden="true">{active ? (sorting.direction === 'asc' ? ' ↑' : ' ↓') : ''}</span>
      </button>
    </th>
  );
}

/**
 * One page of the sheets; each name opens its editor (`?edit=<id>`, an address of its own).
 * Memoised: typing in the search re-renders the table only once the rows change.
 */
export const SheetTable = memo(function SheetTable({
  sheets,
  sorting,
}: {
  sheets: readonly SheetSummary[];
  sorting: SheetSorting;
}) {
  const { t, i18n } = useTranslation('adminTokens');
  return (
    <div className="admin-table-wrap" role="region" aria-label={t('list.caption')} tabIndex={0}>
      <table className="admin-table">
        <caption>{t('list.caption')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column} column={column} sorting={sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {sheets.map((sheet) => (
            <tr key={sheet.id}>
              <td>{sheet.rank ?? t('list.noRank')}</td>
              <th scope="row">
                <Link to={{ search: `?edit=${encodeURIComponent(sheet.id)}` }}>{sheet.name}</Link>
              </th>
              <td>{sheet.symbol}</td>
              <td>
                <code>{sheet.id}</code>
              </td>
              <td>
                {sheet.lastReviewed === null
                  ? t('list.neverReviewed')
                  : formatDate(sheet.lastReviewed, i18n.language)}
              </td>
              <td>
                <span aria-hidden="true">
                  {t('list.textsWritten', { written: sheet.textsWritten, total: TEXTS_PER_SHEET })}
                </span>
                <span className="visually-hidden">
                  {t('list.textsWrittenLabel', {
                    written: sheet.textsWritten,
                    total: TEXTS_PER_SHEET,
                  })}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
