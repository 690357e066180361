/** Past this, the wait gives up: a page whose paint the browser never reports still gets data. */
const LONGEST_WAIT_MS = 3000;

let firstPaint: Promise<void> | undefined;

/**
 * Resolves once the browser has painted the page's first content, so that code which can come
 * later (supabase-js, the data it brings) does not compete with the first paint for the network
 * and the main thread. Resolves at once where paint timing is not reported, as soon as the page
 * is hidden (a background tab reports no paint), and after LONGEST_WAIT_MS at the latest.
 */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint') ||
      document.visibilityState === 'hidden'
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') done();
    };
    const timer = setTimeout(done, LONGEST_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    }
    document.addEventListener('visibilitychange', onHidden);
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}
