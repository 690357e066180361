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
  // No <main> once something is drawn: the app's own error page, drawn outside the frame.
  if (main === null) return root.childElementCount > 0 && root.querySelector(WAITING) === null;
  return main.childElementCount > 0 && main.querySelector(WAITING) === null;
}

/** The element the address's hash names, if it is a well-formed one. */
function named(hash: string): HTMLElement | null {
  try {
    const id = decodeURIComponent(hash.slice(1));
    return id === '' ? null : document.getElementById(id);
  } catch {
    return null;
  }
}

const pathOf = (link: HTMLAnchorElement) => new URL(link.href, window.location.href).pathname;

/**
 * Where the keyboard goes when the written page it was in leaves: the app's link to the same
 * page (the written links carry `?lang=`, the app's do not), else the app's <main>.
 */
function counterpart(focused: Element, root: HTMLElement): HTMLElement | null {
  if (focused instanceof HTMLAnchorElement) {
    const path = pathOf(focused);
    const links = [
      ...root.querySelectorAll<HTMLAnchorElement>('main a[href]'),
      ...root.querySelectorAll<HTMLAnchorElement>('a[href]'),
    ];
    const same = links.find((link) => pathOf(link) === path);
    if (same !== undefined) return same;
  }
  return root.querySelector<HTMLElement>('main');
}

export function handOffWhenDrawn(written: HTMLElement, root: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (!drawn(root)) return;
    observer.disconnect();
    // A reader who tabbed into the written page keeps a place in the app.
    const focused = document.activeElement;
    const hadFocus = focused !== null && written.contains(focused);
    written.remove();
    if (hadFocus) counterpart(focused, root)?.focus();
    // The section an address names (`/risks#tax`) was out of sight while the app drew it
    // hidden, so the app's own scroll to it (features/outline/useSectionInView.ts) did nothing.
    named(window.location.hash)?.scrollIntoView();
  });
  observer.observe(root, { childList: true, subtree: true });
}
