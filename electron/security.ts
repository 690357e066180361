import type { BrowserWindow, WebContents, WebPreferences } from 'electron';
import { checkExternalUrl } from '../shared/validation';
import { APP_HOST, APP_SCHEME } from './app-origin';

/**
 * Window hardening in one place. The renderer loads remote data (Supabase) and user-visible
 * content, so it is treated as untrusted: no Node, an isolated preload, no navigation away from
 * our origin, no new windows, no permissions, and a strict CSP.
 */

/** The only capability the hardening needs from Electron's `shell`, so tests can pass a fake. */
export interface ExternalOpener {
  openExternal(url: string): Promise<void>;
}

export interface GuardOptions {
  shell: ExternalOpener;
  /** Set only in development, when the renderer comes from the Vite dev server. */
  devServerUrl?: string | undefined;
}

export interface HardenOptions extends GuardOptions {
  contentSecurityPolicy: string;
}

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    // Spelling dictionaries are downloaded from Google on first use; the app has no free text
    // worth checking, so the request is not worth making.
    spellcheck: false,
    webviewTag: false,
    // A dropped file would otherwise navigate the window to a file:// URL.
    navigateOnDragDrop: false,
  };
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function isHttpUrl(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'http:';
}

/** True only for our own origin: `app://blockademia/...`, or the dev server origin in development. */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  const parsed = parseUrl(url);
  if (parsed === null) return false;
  if (parsed.protocol === `${APP_SCHEME}:`) {
    // `host` includes any port, so `app://blockademia:1/` is not ours either. Node keeps the case
    // of hosts in non-special schemes while Chromium lowercases them; compare like Chromium does.
    return (
      parsed.host.toLowerCase() === APP_HOST && parsed.username === '' && parsed.password === ''
    );
  }
  if (devServerUrl === undefined) return false;
  const devServer = parseUrl(devServerUrl);
  // Opaque origins (file:, data:, ...) all serialise to "null" and must never match each other.
  return devServer !== null && isHttpUrl(devServer) && isHttpUrl(parsed)
    ? parsed.origin === devServer.origin
    : false;
}

/**
 * The normalised URL if a navigation or `window.open` may hand it to the system browser. Stricter
 * than `checkExternalUrl`: a page-driven open must not launch a mail client (or anything else)
 * without the user going through the app's own `link:open` call.
 */
function externalLinkTarget(url: string): string | null {
  const checked = checkExternalUrl(url);
  if (!checked.ok) return null;
  const parsed = parseUrl(checked.value);
  return parsed !== null && isHttpUrl(parsed) ? checked.value : null;
}

export function isExternalLinkUrl(url: string): boolean {
  return externalLinkTarget(url) !== null;
}

/**
 * Adds our policy to a response's headers. A policy the server already sent is kept: browsers
 * enforce every policy present, so keeping it can only make the page stricter.
 */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    result[name] = Array.isArray(value) ? [...value] : [value];
  }
  const existing = Object.keys(result).find(
    (name) => name.toLowerCase() === 'content-security-policy',
  );
  const name = existing ?? 'Content-Security-Policy';
  result[name] = [...(result[name] ?? []), policy];
  return result;
}

function openInSystemBrowser(shell: ExternalOpener, url: string): void {
  const target = externalLinkTarget(url);
  if (target === null) return;
  // The page does not wait for this; a failure to launch the browser must not crash main.
  shell.openExternal(target).catch((error: unknown) => {
    console.error('Could not open an external link', error);
  });
}

// `web-contents-created` also fires for the main window, which `hardenWindow` guards too;
// remembering guarded contents keeps one navigation from opening the browser twice.
const guarded = new WeakSet<WebContents>();

/** The part of the hardening that applies to any web contents: navigation, new windows, webviews. */
export function guardWebContents(contents: WebContents, options: GuardOptions): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);

  contents.setWindowOpenHandler(({ url }) => {
    openInSystemBrowser(options.shell, url);
    return { action: 'deny' };
  });

  const refuseForeignNavigation = (event: { url: string; preventDefault(): void }): void => {
    if (isAppUrl(event.url, options.devServerUrl)) return;
    event.preventDefault();
    openInSystemBrowser(options.shell, event.url);
  };
  contents.on('will-navigate', refuseForeignNavigation);
  contents.on('will-redirect', refuseForeignNavigation);

  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
}

export function hardenWindow(window: BrowserWindow, options: HardenOptions): void {
  guardWebContents(window.webContents, options);

  // The app needs no camera, microphone, notifications, geolocation... Answering both the
  // request and the check handler keeps APIs from even reporting a permission as available.
  const { session } = window.webContents;
  session.setPermissionRequestHandler((_webContents, _permission, callback) => {
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);

  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: withContentSecurityPolicy(
        details.responseHeaders,
        options.contentSecurityPolicy,
      ),
    });
  });
}
