import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route change starts at the top of the page, as a full page load would; unless the
 * address names a section, which the page scrolls to once it is there.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (window.location.hash === '') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
