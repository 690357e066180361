import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOffWhenDrawn } from '../../renderer/app/prerenderedView';

// The page written at build stays until the app has drawn the same page with its data,
// then gives way (renderer/app/prerenderedView.ts).

/** Lets the MutationObserver's callback, queued as a microtask, run. */
const observed = () => Promise.resolve();

function setUp() {
  document.body.innerHTML =
    '<div id="prerendered"><main><h1>Bitcoin (BTC)</h1></main></div><div id="root"></div>';
  const written = document.getElementById('prerendered') as HTMLElement;
  const root = document.getElementById('root') as HTMLElement;
  handOffWhenDrawn(written, root);
  const draw = async (html: string) => {
    root.innerHTML = `<div class="app-shell"><header>Menu</header><main id="main">${html}</main></div>`;
    await observed();
  };
  return { draw, stillWritten: () => document.getElementById('prerendered') !== null };
}

describe('the hand-over from the written page to the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.location.hash = '';
    Reflect.deleteProperty(window.HTMLElement.prototype, 'scrollIntoView');
    vi.restoreAllMocks();
  });

  it('keeps the written page while the page’s code or data loads, then gives way', async () => {
    const { draw, stillWritten } = setUp();
    await draw('');
    expect(stillWritten()).toBe(true);
    await draw('<div class="page-spinner" role="status"></div>');
    expect(stillWritten()).toBe(true);
    await draw('<article><h1>Bitcoin</h1><p class="data-loading">Loading</p></article>');
    expect(stillWritten()).toBe(true);
    await draw('<article><h1>Bitcoin</h1><p>Bitcoin is the first cryptocurrency.</p></article>');
    expect(stillWritten()).toBe(false);
  });

  it('gives way to the app’s own notice when the backend does not answer', async () => {
    const { draw, stillWritten } = setUp();
    await draw('<p class="data-loading">Loading</p>');
    expect(stillWritten()).toBe(true);
    await draw('<div class="notice-panel" role="note">The data cannot be loaded.</div>');
    expect(stillWritten()).toBe(false);
  });

  it('brings the section the address names into view once the app shows', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record which element asked for it.
    window.HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.id);
    };
    window.location.hash = '#tax';
    const { draw, stillWritten } = setUp();
    await draw('<h1>Risks</h1><section id="volatility"></section><section id="tax"></section>');
    expect(stillWritten()).toBe(false);
    expect(scrolled).toEqual(['tax']);
  });

  /** Focuses a link added to the written page, then lets the app draw `app` in #root. */
  async function handOverFrom(writtenLink: string, app: string) {
    // jsdom lays nothing out: an element is on screen here unless inside [hidden].
    vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
      const rects = this.closest('[hidden]') === null ? [new DOMRect(0, 0, 10, 10)] : [];
      return Object.assign(rects, { item: (index: number) => rects[index] ?? null });
    });
    const { stillWritten } = setUp();
    const main = document.querySelector('#prerendered main') as HTMLElement;
    main.insertAdjacentHTML('beforeend', writtenLink);
    (main.querySelector('a') as HTMLElement).focus();
    (document.getElementById('root') as HTMLElement).innerHTML = app;
    await observed();
    expect(stillWritten()).toBe(false);
  }

  it('keeps the keyboard’s place on the app’s link, on screen, to the same page', async () => {
    await handOverFrom(
      '<a href="/learning?lang=en">Learning</a>',
      // The narrow screen's hidden menu comes first; the skip link is not a page of the site.
      '<a href="#main">Skip</a><nav hidden><a href="/learning">Menu: learning</a></nav>' +
        '<main id="main" tabindex="-1"><h1>Blockchain</h1></main>' +
        '<footer><a href="/learning">Footer: learning</a></footer>',
    );
    expect(document.activeElement?.textContent).toBe('Footer: learning');
  });

  it('puts the keyboard on the app’s main when the app has no such link on screen', async () => {
    // A link to this very page in another language: the app has no link to it, only its skip link.
    await handOverFrom(
      `<a href="${window.location.pathname}?lang=es">ES</a>`,
      '<a href="#main">Skip</a><nav hidden><a href="/nowhere">Gone</a></nav>' +
        '<main id="main" tabindex="-1"><h1>Blockchain</h1></main>',
    );
    expect(document.activeElement?.id).toBe('main');
  });

  it('leaves the focus alone when it was not in the written page', async () => {
    const { draw } = setUp();
    await draw('<h1>Blockchain</h1>');
    expect(document.activeElement).toBe(document.body);
  });

  it('gives way to the app’s error page, drawn outside the frame, and to a malformed hash', async () => {
    window.location.hash = '#%E0';
    const { stillWritten } = setUp();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<div class="route-error"><h1>Something went wrong</h1></div>';
    await observed();
    expect(stillWritten()).toBe(false);
  });
});
