import { startTransition, useCallback, useMemo, useState } from 'react';

/** Rows added to the page at a time. */
export const ROWS_PER_STEP = 40;

export interface RevealedRows<T> {
  rows: readonly T[];
  total: number;
  showMore: () => void;
  showAll: () => void;
}

/**
 * The part of a long list that is in the page. Mounting, laying out and painting all 260 rows
 * at once holds a phone's main thread for hundreds of milliseconds, on every keystroke that
 * changes the list; so the list starts with ROWS_PER_STEP rows and grows when the reader asks for
 * more. A new search or sort (`resetKey`) starts from the top again;
 * new prices keep what the reader has opened.
 */
export function useRevealedRows<T>(items: readonly T[], resetKey: string): RevealedRows<T> {
  const [revealed, setRevealed] = useState({ key: resetKey, count: ROWS_PER_STEP });
  let count = revealed.count;
  if (revealed.key !== resetKey) {
    count = ROWS_PER_STEP;
    setRevealed({ key: resetKey, count });
  }
  const rows = useMemo(() => items.slice(0, count), [items, count]);
  const showMore = useCallback(() => {
    startTransition(() => {
      setRevealed((current) => ({ ...current, count: current.count + ROWS_PER_STEP }));
    });
  }, []);
  const showAll = useCallback(() => {
    setRevealed((current) => ({ ...current, count: Number.POSITIVE_INFINITY }));
  }, []);
  return { rows, total: items.length, showMore, showAll };
}
