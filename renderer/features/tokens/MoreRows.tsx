import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ROWS_PER_STEP } from './useRevealedRows';

/**
 * Below a list that is not all in the page: how much is shown, and buttons for the rest. The
 * next rows also come on their own when the reader scrolls close to this point.
 */
export function MoreRows({
  shown,
  total,
  onMore,
  onAll,
}: {
  shown: number;
  total: number;
  onMore: () => void;
  onAll: () => void;
}) {
  const { t } = useTranslation('tokens');
  const here = useRef<HTMLDivElement>(null);
  const complete = shown >= total;
  useEffect(() => {
    const element = here.current;
    if (!element || complete) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [shown, complete, onMore]);
  if (complete) return null;
  return (
    <div ref={here} className="more-rows">
      <p className="more-rows__status" aria-live="polite">
        {t('moreRows.status', { shown, total })}
      </p>
      <div className="more-rows__actions">
        <button type="button" className="button-link button-link--primary" onClick={onMore}>
          {t('moreRows.more', { count: Math.min(ROWS_PER_STEP, total - shown) })}
        </button>
        <button type="button" className="button-link" onClick={onAll}>
          {t('moreRows.all', { count: total })}
        </button>
      </div>
    </div>
  );
}
