import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';

/** Rows the reader opens at a time. */
export const ROWS_PER_STEP = 40;
/** Rows put into the page per frame on the way there. */
const ROWS_PER_FRAME = 10;

export interface RevealedRows<T> {
  /** The rows in the page now. */
  rows: readonly T[];
  /** The rows the reader has opened: `rows` grows to this, a few per frame. */
  opened: number;
  total: number;
  showMore: () => void;
  showAll: () => void;
}

/**
 * The part of a long list that is in the page. Mounting, laying out and painting all 260 rows
 * at once holds a phone's main thread for hundreds of milliseconds, on every keystroke that
 * changes the list; so the list opens ROWS_PER_STEP rows and grows when the reader asks for
 * more. Even 40 rows in one go hold a slowed-down CPU for about 90 ms, so they enter the page
 * ROWS_PER_FRAME at a time, one frame after another, each step a short task the next keystroke
 * can come between. A new search or sort (`resetKey`) starts from the top again; new prices
 * keep what the reader has opened.
 */
export function useRevealedRows<T>(items: readonly T[], resetKey: string): RevealedRows<T> {
  const [revealed, setRevealed] = useState({
    key: resetKey,
    opened: ROWS_PER_STEP,
    mounted: ROWS_PER_FRAME,
  });
  let { opened, mounted } = revealed;
  if (revealed.key !== resetKey) {
    opened = ROWS_PER_STEP;
    mounted = ROWS_PER_FRAME;
    setRevealed({ key: resetKey, opened, mounted });
  }
  const wanted = Math.min(opened, items.length);
  // The key is a dependency too. A new search that comes while a frame's rows wait for their
  // render starts again at ROWS_PER_FRAME; those rows' update, replayed before the restart, is
  // lost, and mounted and wanted are then what they were: no new frame was asked for, and the
  // list stayed at ten rows while it said forty were shown.
  useEffect(() => {
    if (mounted >= wanted) return;
    const frame = requestAnimationFrame(() => {
      startTransition(() => {
        setRevealed((current) => ({ ...current, mounted: current.mounted + ROWS_PER_FRAME }));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [mounted, wanted, resetKey]);
  const rows = useMemo(() => items.slice(0, Math.min(mounted, wanted)), [items, mounted, wanted]);
  const showMore = useCallback(() => {
    setRevealed((current) => ({ ...current, opened: current.opened + ROWS_PER_STEP }));
  }, []);
  const showAll = useCallback(() => {
    setRevealed((current) => ({ ...current, opened: Number.POSITIVE_INFINITY }));
  }, []);
  return { rows, opened: wanted, total: items.length, showMore, showAll };
}
