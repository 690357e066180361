import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ROWS_PER_STEP } from './useRevealedRows';

/**
 * Below a list that is not all in the page: how much is shown, and buttons for the rest. Rows
 * come only when asked for, so nothing moves under the pointer and the footer stays reachable.
 * After a press, the keyboard focus moves to the first row it brought (the button may be gone).
 */
export function MoreRows({
  shown,
  inPage,
  total,
  onMore,
  onAll,
}: {
  /** Rows the reader has opened. */
  shown: number;
  /** Rows in the page so far (they arrive a few per frame). */
  inPage: number;
  total: number;
  onMore: () => void;
  onAll: () => void;
}) {
  const { t } = useTranslation('tokens');
  const here = useRef<HTMLDivElement>(null);
  // The index of the first row a button asked for, until that row is in the page.
  const focusRow = useRef<number | null>(null);
  const complete = shown >= total;

  useEffect(() => {
    const index = focusRow.current;
    if (index === null || inPage <= index) return;
    focusRow.current = null;
    // The list is the element just before this one (TokensPage puts them side by side).
    const rows = here.current?.previousElementSibling?.querySelectorAll('tbody tr');
    rows?.[index]?.querySelector<HTMLElement>('th a')?.focus();
  }, [inPage]);

  return (
    <div ref={here} className="more-rows">
      {!complete && (
        <>
          <p className="more-rows__status" aria-live="polite">
            {t('moreRows.status', { shown, total })}
          </p>
          <div className="more-rows__actions">
            <button
              type="button"
              className="button-link button-link--primary"
              onClick={() => {
                focusRow.current = shown;
                onMore();
              }}
            >
              {t('moreRows.more', { count: Math.min(ROWS_PER_STEP, total - shown) })}
            </button>
            <button
              type="button"
              className="button-link"
              onClick={() => {
                focusRow.current = shown;
                onAll();
              }}
            >
              {t('moreRows.all', { count: total })}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
