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

/** A link of the app that leads to another page of the site, and that is on screen. */
function pageLink(link: HTMLAnchorElement): boolean {
  return (
    link.origin === window.location.origin &&
    !(link.getAttribute('href') ?? '').startsWith('#') &&
    link.getClientRects().length > 0
  );
}

/**
 * Where the keyboard goes when the written page it was in leaves: the app's link, on screen, to
 * the same page (the written links carry `?lang=`, the app's do not), else the app's <main>.
 */
function moveFocus(focused: Element, root: HTMLElement): void {
  if (focused instanceof HTMLAnchorElement) {
    const links = [
      ...root.querySelectorAll<HTMLAnchorElement>('main a[href]'),
      ...root.querySelectorAll<HTMLAnchorElement>('a[href]'),
    ];
    const same = links.find((link) => pageLink(link) && link.pathname === focused.pathname);
    same?.focus();
    if (same !== undefined && document.activeElement === same) return;
  }
  root.querySelector<HTMLElement>('main')?.focus();
}

export function handOffWhenDrawn(written: HTMLElement, root: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (!drawn(root)) return;
    observer.disconnect();
    // A reader who tabbed into the written page keeps a place in the app.
    const focused = document.activeElement;
    const hadFocus = focused !== null && written.contains(focused);
    written.remove();
    if (hadFocus) moveFocus(focused, root);
    // The section an address names (`/risks#tax`) was out of sight while the app drew it
    // hidden, so the app's own scroll to it (features/outline/useSectionInView.ts) did nothing.
    named(window.location.hash)?.scrollIntoView();
  });
  observer.observe(root, { childList: true, subtree: true });
}
