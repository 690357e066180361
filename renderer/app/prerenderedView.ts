/**
 * A page written at build (scripts/prerender.ts) stands in #prerendered while the app draws the
 * same page, hidden, in #root (styles/prerendered.css). Once the app's page has drawn, with
 * nothing left loading in it, the written one goes and the app shows in the same frame: nothing
 * moves, since no element is on screen both before and after. When the backend does not
 * answer, the app takes over once its tries are over and its page says so.
 */

/** What a page shows while its code or its data loads (PageSpinner, LoadedData). */
const WAITING = '.page-spinner, .data-loading';

function drawn(root: HTMLElement): boolean {
  const main = root.querySelector('main');
  return main !== null && main.childElementCount > 0 && main.querySelector(WAITING) === null;
}

export function handOffWhenDrawn(written: HTMLElement, root: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (!drawn(root)) return;
    observer.disconnect();
    written.remove();
    // The section an address names (`/risks#tax`) was out of sight while the app drew it
    // hidden, so the app's own scroll to it (features/outline/useSectionInView.ts) did nothing.
    const section = decodeURIComponent(window.location.hash.slice(1));
    if (section !== '') document.getElementById(section)?.scrollIntoView();
  });
  observer.observe(root, { childList: true, subtree: true });
}
