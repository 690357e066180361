import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route change starts at the top of the page, as a full page load would; unless the
 * address names a section, which the page scrolls to once it is there. Not the first page of a
 * visit: the browser has placed it already, and a reader may be scrolling its copy written at
 * build (app/prerenderedView.ts) while the app draws.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (window.location.hash === '') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
