import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DIRECTION,
  SORT_KEYS,
  type SortDirection,
  type SortKey,
  type TokenListState,
} from './tokenListState';

/** Sort and filter controls that work at any width (the table's headers sort too). */
export const TokenListControls = memo(function TokenListControls({
  state,
  onChange,
}: {
  state: TokenListState;
  onChange: (change: Partial<TokenListState>) => void;
}) {
  const { t } = useTranslation('tokens');
  const sortId = useId();
  const directionId = useId();
  return (
    <div className="token-controls">
      <div className="token-controls__field">
        <label htmlFor={sortId}>{t('sortLabel')}</label>
        <select
          id={sortId}
          value={state.sort}
          onChange={(event) => {
            const sort = event.target.value as SortKey;
            onChange({ sort, direction: DEFAULT_DIRECTION[sort] });
          }}
        >
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`column.${key}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="token-controls__field">
        <label htmlFor={directionId}>{t('directionLabel')}</label>
        <select
          id={directionId}
          value={state.direction}
          onChange={(event) => {
            onChange({ direction: event.target.value as SortDirection });
          }}
        >
          <option value="asc">{t('direction.asc')}</option>
          <option value="desc">{t('direction.desc')}</option>
        </select>
      </div>
      <label className="token-controls__check">
        <input
          type="checkbox"
          checked={state.favoritesOnly}
          onChange={(event) => {
            onChange({ favoritesOnly: event.target.checked });
          }}
        />
        {t('favoritesOnly')}
      </label>
    </div>
  );
});
