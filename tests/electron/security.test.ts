import type { BrowserWindow, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  guardWebContents,
  hardenWindow,
  isAppUrl,
  isExternalLinkUrl,
  secureWebPreferences,
  withContentSecurityPolicy,
} from '../../electron/security';
import { contentSecurityPolicy } from '../../shared/contentSecurityPolicy';
import { createFakeShell, FakeWebContents, flushPromises } from './fakes';

const DEV_SERVER = 'http://localhost:5173/';
const SUPABASE = 'https://abcd.supabase.co';
const POLICY = contentSecurityPolicy(SUPABASE);

/** A window whose web contents are fakes; the hardening only touches `webContents`. */
function hardenedWindow(devServerUrl?: string) {
  const contents = new FakeWebContents();
  const shell = createFakeShell();
  const window = { webContents: contents } as unknown as BrowserWindow;
  hardenWindow(window, { shell, devServerUrl, contentSecurityPolicy: POLICY });
  return { contents, shell };
}

describe('secureWebPreferences', () => {
  it('isolates the renderer from Node and keeps web security on', () => {
    const preferences = secureWebPreferences('/app/dist-electron/preload.cjs');
    expect(preferences).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
      webviewTag: false,
    });
  });
});

describe('isAppUrl', () => {
  it.each([
    'app://blockademia/',
    'app://blockademia/tokens',
    'app://blockademia/dictionary/bitcoin?lang=fr#top',
  ])('accepts our own origin: %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
  });

  it.each([
    'app://evil/',
    'app://blockademia.evil.example/',
    'app://blockademia:8080/',
    'app://user@blockademia/',
    'https://blockademia/',
    'http://localhost:5173/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('refuses anything else in production: %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it('accepts the dev server origin only when one is given', () => {
    expect(isAppUrl('http://localhost:5173/tokens', DEV_SERVER)).toBe(true);
    expect(isAppUrl('http://localhost:5174/tokens', DEV_SERVER)).toBe(false);
    expect(isAppUrl('https://localhost:5173/tokens', DEV_SERVER)).toBe(false);
    expect(isAppUrl('http://localhost:5173/tokens')).toBe(false);
  });

  it('never lets opaque origins match each other', () => {
    expect(isAppUrl('file:///etc/passwd', 'file:///')).toBe(false);
    expect(isAppUrl('data:text/html,hi', 'data:text/html,x')).toBe(false);
  });
});

describe('isExternalLinkUrl', () => {
  it.each(['https://example.org/', 'http://example.org/page'])('accepts %s', (url) => {
    expect(isExternalLinkUrl(url)).toBe(true);
  });

  it.each([
    'mailto:hello@example.org',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'app://blockademia/tokens',
    '/relative',
    `https://example.org/${'a'.repeat(3000)}`,
  ])('refuses %s', (url) => {
    expect(isExternalLinkUrl(url)).toBe(false);
  });
});

describe('navigation guard', () => {
  it('refuses navigation to another site and opens it in the system browser', () => {
    const { contents, shell } = hardenedWindow();
    expect(contents.navigate('will-navigate', 'https://evil.example/phish')).toEqual({
      prevented: true,
    });
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://evil.example/phish');
  });

  it('lets the app navigate within its own origin', () => {
    const { contents, shell } = hardenedWindow();
    expect(contents.navigate('will-navigate', 'app://blockademia/tokens')).toEqual({
      prevented: false,
    });
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', 'app://evil/'])(
    'refuses %s without opening it anywhere',
    (url) => {
      const { contents, shell } = hardenedWindow();
      expect(contents.navigate('will-navigate', url)).toEqual({ prevented: true });
      expect(shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('applies the same rule to server redirects', () => {
    const { contents, shell } = hardenedWindow();
    expect(contents.navigate('will-redirect', 'https://evil.example/')).toEqual({
      prevented: true,
    });
    expect(contents.navigate('will-redirect', 'file:///etc/passwd')).toEqual({ prevented: true });
    expect(contents.navigate('will-redirect', 'app://blockademia/')).toEqual({ prevented: false });
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://evil.example/');
  });

  it('allows the dev server origin in development only', () => {
    const dev = hardenedWindow(DEV_SERVER);
    expect(dev.contents.navigate('will-navigate', 'http://localhost:5173/tokens')).toEqual({
      prevented: false,
    });
    const production = hardenedWindow();
    expect(production.contents.navigate('will-navigate', 'http://localhost:5173/tokens')).toEqual({
      prevented: true,
    });
  });

  it('blocks <webview> attachment', () => {
    const { contents } = hardenedWindow();
    expect(contents.attachWebview()).toEqual({ prevented: true });
  });

  it('guards a given web contents once, so one click never opens two browser tabs', () => {
    const contents = new FakeWebContents();
    const shell = createFakeShell();
    const webContents = contents as unknown as WebContents;
    guardWebContents(webContents, { shell });
    guardWebContents(webContents, { shell });
    contents.navigate('will-navigate', 'https://example.org/');
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });
});

describe('new windows', () => {
  it.each([
    'https://example.org/',
    'http://example.org/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'mailto:hello@example.org',
    'app://blockademia/tokens',
  ])('denies a new window for %s', (url) => {
    const { contents } = hardenedWindow();
    expect(contents.openWindow(url)).toEqual({ action: 'deny' });
  });

  it('opens an https link in the system browser instead', () => {
    const { contents, shell } = hardenedWindow();
    contents.openWindow('https://example.org/article');
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/article');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'mailto:hello@example.org'])(
    'does not open %s anywhere',
    (url) => {
      const { contents, shell } = hardenedWindow();
      contents.openWindow(url);
      expect(shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('survives a system browser that fails to launch', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { contents, shell } = hardenedWindow();
    shell.openExternal.mockRejectedValueOnce(new Error('no browser'));
    expect(contents.openWindow('https://example.org/')).toEqual({ action: 'deny' });
    await flushPromises();
    // Logged in main rather than left as an unhandled rejection (which would fail this run).
    expect(errorLog).toHaveBeenCalledWith('Could not open an external link', expect.any(Error));
    errorLog.mockRestore();
  });
});

describe('permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])(
    'denies the %s permission request',
    (permission) => {
      const { contents } = hardenedWindow();
      expect(contents.session.requestPermission(permission)).toBe(false);
    },
  );

  it('reports every permission as unavailable', () => {
    const { contents } = hardenedWindow();
    const check = contents.session.permissionCheckHandler;
    expect(check?.({}, 'media')).toBe(false);
    expect(check?.({}, 'fullscreen')).toBe(false);
  });
});

describe('CSP response header', () => {
  it('is added to every response the window receives', () => {
    const { contents } = hardenedWindow();
    const headers = contents.session.receiveHeaders({ 'content-type': ['text/html'] });
    expect(headers).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': [POLICY],
    });
  });

  it('keeps a policy the server sent, since browsers enforce both', () => {
    expect(
      withContentSecurityPolicy({ 'content-security-policy': "default-src 'none'" }, POLICY),
    ).toEqual({ 'content-security-policy': ["default-src 'none'", POLICY] });
  });

  it('works for a response without headers', () => {
    expect(withContentSecurityPolicy(undefined, POLICY)).toEqual({
      'Content-Security-Policy': [POLICY],
    });
  });
});
