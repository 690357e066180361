import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenIcon } from '../../layout/HiddenIcon';

/**
 * A button back to the top of a long page, shown once the page's first screen (the given
 * element) has scrolled out of view. Focus goes back to the start of the main content, so
 * that a keyboard user carries on from the top too.
 */
export function BackToTop({ pageTop }: { pageTop: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const top = pageTop.current;
    if (!top) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(top);
    return () => {
      observer.disconnect();
    };
  }, [pageTop]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => {
        window.scrollTo(0, 0);
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <HiddenIcon icon={VerticalAlignTopOutlined} />
      <span className="back-to-top__label">{t('outline.backToTop')}</span>
    </button>
  );
}
