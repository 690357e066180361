import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FavoriteStar } from '../favorites/FavoriteStar';
import { ChangeValue } from '../market/ChangeValue';
import { formatPrice, formatUsdCompact } from '../market/format';
import { Sparkline } from '../market/Sparkline';
import type { TokenListItem } from './api';
import { TokenIcon } from './TokenIcon';
import type { SortKey, Sorting } from './tokenListState';

function SortHeader({
  column,
  sorting,
  className,
}: {
  column: SortKey;
  sorting: Sorting;
  className?: string;
}) {
  const { t } = useTranslation('tokens');
  const active = sorting.sort === column;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sorting.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="sort-button"
        onClick={() => {
          sorting.onSort(column);
        }}
      >
        {t(`column.${column}`)}
        <span aria-hidden="true" className="sort-button__arrow">
          {active ? (sorting.direction === 'asc' ? ' ↑' : ' ↓') : ''}
        </span>
      </button>
    </th>
  );
}

interface RowProps {
  token: TokenListItem;
  favorite: boolean;
  onToggle: (id: string) => void;
  language: string;
}

/** One row; memoised so that a keystroke renders only the rows that appear. */
const TokenRow = memo(function TokenRow({ token, favorite, onToggle, language }: RowProps) {
  const { t } = useTranslation('tokens');
  const market = token.market;
  const sparkline = market?.sparkline ?? [];
  return (
    <tr>
      <td className="token-table__star">
        <FavoriteStar id={token.id} name={token.name} on={favorite} onToggle={onToggle} />
      </td>
      <td className="token-table__number token-table__rank">{token.rank ?? '—'}</td>
      <th scope="row" className="token-table__name">
        <Link to={`/tokens/${token.id}`} className="token-name">
          <TokenIcon id={token.id} uploaded={token.iconUrl} />
          <span className="token-name__label">
            <span className="token-name__text">{token.name}</span>{' '}
            <span className="token-name__symbol">{token.symbol}</span>
          </span>
        </Link>
      </th>
      <td className="token-table__number">
        {market?.price != null ? (
          formatPrice(market.price, language)
        ) : (
          <span title={t('noPrice')}>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{t('noPrice')}</span>
          </span>
        )}
        {/* On a phone the 24h change sits under the price (its own column is hidden there). */}
        <span className="token-table__stacked-change">
          <ChangeValue value={market?.change24h ?? null} language={language} />
        </span>
      </td>
      <td className="token-table__number token-table__change">
        <ChangeValue value={market?.change24h ?? null} language={language} />
      </td>
      <td className="token-table__number token-table__wide">
        {market?.marketCap != null ? formatUsdCompact(market.marketCap, language) : '—'}
      </td>
      <td className="token-table__wide">
        {sparkline.length > 1 && (
          <Sparkline
            prices={sparkline}
            label={t('sparkline', {
              from: formatPrice(sparkline[0] ?? 0, language),
              to: formatPrice(sparkline.at(-1) ?? 0, language),
            })}
          />
        )}
      </td>
    </tr>
  );
});

/**
 * The token list as a table whose column headers sort it. Memoised with its rows: while the
 * reader types, the page re-renders and the table waits for the filtered list.
 */
export const TokenTable = memo(function TokenTable({
  tokens,
  sorting,
  favoriteIds,
  onToggle,
}: {
  tokens: readonly TokenListItem[];
  sorting: Sorting;
  favoriteIds: readonly string[];
  onToggle: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('tokens');
  return (
    <div className="token-table-wrap">
      <table className="token-table">
        <caption className="visually-hidden">{t('tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('column.favorite')}</span>
            </th>
            <SortHeader
              column="rank"
              sorting={sorting}
              className="token-table__number token-table__rank"
            />
            <SortHeader column="name" sorting={sorting} />
            <SortHeader column="price" sorting={sorting} className="token-table__number" />
            <SortHeader
              column="change24h"
              sorting={sorting}
              className="token-table__number token-table__change"
            />
            <SortHeader
              column="marketCap"
              sorting={sorting}
              className="token-table__number token-table__wide"
            />
            <th scope="col" className="token-table__wide">
              {t('column.chart')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              favorite={favoriteIds.includes(token.id)}
              onToggle={onToggle}
              language={i18n.language}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
});
