import type { BrowserWindowConstructorOptions } from 'electron';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvokeEvent } from '../../electron/ipc-handlers';

/**
 * Loads electron/main.ts against a fake `electron` module and drives the app the way Electron
 * would: ready, window events, IPC from a frame, lifecycle events.
 */

const fakes = await vi.hoisted(() => import('./fakes'));

type IpcListener = (event: InvokeEvent, ...args: unknown[]) => unknown;

class FakeBrowserWindow extends fakes.FakeEmitter {
  static windows: FakeBrowserWindow[] = [];
  static getAllWindows = (): FakeBrowserWindow[] => FakeBrowserWindow.windows;
  static getFocusedWindow = (): FakeBrowserWindow | null => FakeBrowserWindow.windows[0] ?? null;

  readonly webContents = new fakes.FakeWebContents();
  readonly show = vi.fn();
  readonly loadURL = vi.fn(async (_url: string) => undefined);

  readonly options: BrowserWindowConstructorOptions;

  constructor(options: BrowserWindowConstructorOptions) {
    super();
    this.options = options;
    FakeBrowserWindow.windows.push(this);
  }
}

class FakeStore {
  static instances: FakeStore[] = [];
  readonly data = new Map<string, unknown>();

  readonly options: unknown;

  constructor(options: unknown) {
    this.options = options;
    FakeStore.instances.push(this);
  }
  get(key: string): unknown {
    return this.data.get(key);
  }
  set(key: string, value: unknown): void {
    this.data.set(key, value);
  }
  delete(key: string): void {
    this.data.delete(key);
  }
}

let signalReady: () => void = () => undefined;
const ipcListeners = new Map<string, IpcListener>();
const app = Object.assign(new fakes.FakeEmitter(), {
  isPackaged: false,
  whenReady: vi.fn(
    () =>
      new Promise<void>((resolveReady) => {
        signalReady = resolveReady;
      }),
  ),
  quit: vi.fn(),
  getPath: vi.fn((name: string) => `/home/ada/${name}`),
});
const electron = {
  app,
  BrowserWindow: FakeBrowserWindow,
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  ipcMain: {
    handle: vi.fn((channel: string, listener: IpcListener) => {
      ipcListeners.set(channel, listener);
    }),
  },
  dialog: {
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
  },
  shell: fakes.createFakeShell(),
};

vi.mock('electron', () => electron);
vi.mock('electron-store', () => ({ default: FakeStore }));

const ELECTRON_DIR = resolve(import.meta.dirname, '../../electron');
const originalPlatform = Object.getOwnPropertyDescriptor(process, 'platform');

async function loadMain(
  options: { devServerUrl?: string; supabaseUrl?: string; packaged?: boolean } = {},
) {
  vi.resetModules();
  FakeBrowserWindow.windows = [];
  FakeStore.instances = [];
  ipcListeners.clear();
  app.listeners.clear();
  app.isPackaged = options.packaged ?? false;
  vi.stubEnv('VITE_DEV_SERVER_URL', options.devServerUrl);
  vi.stubEnv('VITE_SUPABASE_URL', options.supabaseUrl);
  await import('../../electron/main');
  return {
    ready: async () => {
      signalReady();
      await fakes.flushPromises();
    },
  };
}

async function startMain(options?: Parameters<typeof loadMain>[0]) {
  const main = await loadMain(options);
  await main.ready();
  const window = FakeBrowserWindow.windows[0];
  if (window === undefined) throw new Error('main created no window');
  return window;
}

function invoke(channel: string, senderUrl: string, ...args: unknown[]): unknown {
  const listener = ipcListeners.get(channel);
  if (listener === undefined) throw new Error(`no IPC handler for ${channel}`);
  return listener({ senderFrame: { url: senderUrl } }, ...args);
}

afterEach(() => {
  vi.unstubAllEnvs();
  if (originalPlatform !== undefined) Object.defineProperty(process, 'platform', originalPlatform);
});

function setPlatform(platform: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { value: platform, configurable: true });
}

describe('main process start-up', () => {
  it('registers the app scheme at load, and serves and opens nothing before ready', async () => {
    const main = await loadMain();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      expect.objectContaining({ scheme: 'app' }),
    ]);
    expect(electron.protocol.handle).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.windows).toHaveLength(0);

    await main.ready();
    expect(electron.protocol.handle).toHaveBeenCalledExactlyOnceWith('app', expect.any(Function));
    expect(FakeBrowserWindow.windows).toHaveLength(1);
  });

  it('creates the window with hardened web preferences and the preload next to the bundle', async () => {
    const window = await startMain();
    expect(window.options).toMatchObject({
      width: 1280,
      height: 800,
      minWidth: 375,
      minHeight: 600,
      title: 'Blockademia',
      autoHideMenuBar: true,
      show: false,
      webPreferences: {
        preload: join(ELECTRON_DIR, 'preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
      },
    });
    expect(window.options.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('shows the window only once it is ready to show', async () => {
    const window = await startMain();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });

  it('loads the packaged renderer from app://blockademia/', async () => {
    const window = await startMain();
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://blockademia/');
  });

  it('loads the dev server in development', async () => {
    const window = await startMain({ devServerUrl: 'http://localhost:5173/' });
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('http://localhost:5173/');
  });

  it('ignores a dev server variable in a packaged app', async () => {
    const window = await startMain({ devServerUrl: 'https://evil.example/', packaged: true });
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://blockademia/');
  });

  it('quits if start-up fails', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    electron.protocol.handle.mockImplementationOnce(() => {
      throw new Error('scheme already handled');
    });
    await startMain().catch(() => undefined);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(errorLog).toHaveBeenCalledWith('Blockademia failed to start', expect.any(Error));
    errorLog.mockRestore();
  });
});

describe('main window hardening', () => {
  it('denies new windows and sends https links to the system browser', async () => {
    const window = await startMain();
    expect(window.webContents.openWindow('https://example.org/')).toEqual({ action: 'deny' });
    expect(window.webContents.openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/');
  });

  it('refuses navigation away from the app', async () => {
    const window = await startMain();
    expect(window.webContents.navigate('will-navigate', 'https://evil.example/')).toEqual({
      prevented: true,
    });
    expect(window.webContents.navigate('will-navigate', 'app://blockademia/tokens')).toEqual({
      prevented: false,
    });
  });

  it('denies permission requests', async () => {
    const window = await startMain();
    expect(window.webContents.session.requestPermission('media')).toBe(false);
  });

  it('sends a CSP naming the configured Supabase origin', async () => {
    const window = await startMain({ supabaseUrl: 'https://project.supabase.co' });
    const csp = window.webContents.session.receiveHeaders({})?.['Content-Security-Policy'];
    expect(csp?.[0]).toContain("connect-src 'self' https://project.supabase.co");
    expect(csp?.[0]).toContain("script-src 'self';");
  });

  it('falls back to the local Supabase origin', async () => {
    const window = await startMain();
    const csp = window.webContents.session.receiveHeaders({})?.['Content-Security-Policy'];
    expect(csp?.[0]).toContain("connect-src 'self' http://127.0.0.1:54321");
  });

  it('guards any other web contents that gets created', async () => {
    await startMain();
    const other = new fakes.FakeWebContents();
    app.emit('web-contents-created', {}, other);
    expect(other.openWindow('https://example.org/')).toEqual({ action: 'deny' });
    expect(other.navigate('will-navigate', 'file:///etc/passwd')).toEqual({ prevented: true });
  });
});

describe('IPC wiring', () => {
  it('registers every channel and persists settings in the settings store', async () => {
    await startMain();
    expect([...ipcListeners.keys()].sort()).toEqual(
      ['json:save', 'link:open', 'pdf:save', 'store:get', 'store:remove', 'store:set'].sort(),
    );
    expect(FakeStore.instances.map((store) => store.options)).toEqual([
      { name: 'settings', accessPropertiesByDotNotation: false },
    ]);
    expect(await invoke('store:set', 'app://blockademia/', 'app.language', 'es')).toEqual({
      ok: true,
      value: null,
    });
    expect(FakeStore.instances[0]?.data.get('app.language')).toBe('es');
  });

  it('refuses a sender that is not the app', async () => {
    await startMain();
    expect(await invoke('store:set', 'https://evil.example/', 'app.language', 'es')).toEqual({
      ok: false,
      error: 'untrusted-sender',
    });
    expect(FakeStore.instances[0]?.data.size).toBe(0);
  });

  it('trusts the dev server page in development only', async () => {
    await startMain({ devServerUrl: 'http://localhost:5173/' });
    expect(await invoke('store:get', 'http://localhost:5173/tokens', 'app.language')).toEqual({
      ok: true,
      value: null,
    });
    await startMain();
    expect(await invoke('store:get', 'http://localhost:5173/tokens', 'app.language')).toEqual({
      ok: false,
      error: 'untrusted-sender',
    });
  });

  it('asks the native dialog for a PDF path in Downloads, owned by the window', async () => {
    const window = await startMain();
    const pdf = new TextEncoder().encode('%PDF-1.7');
    expect(await invoke('pdf:save', 'app://blockademia/', 'report.pdf', pdf)).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledExactlyOnceWith(window, {
      defaultPath: join('/home/ada/downloads', 'report.pdf'),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
  });

  it('asks the native dialog for a JSON path in Downloads, with the JSON filter', async () => {
    const window = await startMain();
    expect(await invoke('json:save', 'app://blockademia/', 'export.json', '{"a":1}')).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledExactlyOnceWith(window, {
      defaultPath: join('/home/ada/downloads', 'export.json'),
      filters: [{ name: 'JSON', extensions: ['json'] }],
    });
  });

  it('opens links through the shell', async () => {
    await startMain();
    expect(await invoke('link:open', 'app://blockademia/', 'mailto:hello@example.org')).toEqual({
      ok: true,
      value: null,
    });
    expect(electron.shell.openExternal).toHaveBeenCalledExactlyOnceWith('mailto:hello@example.org');
  });
});

describe('app lifecycle', () => {
  it('quits when the last window closes, except on macOS', async () => {
    await startMain();
    setPlatform('darwin');
    app.emit('window-all-closed');
    expect(app.quit).not.toHaveBeenCalled();
    setPlatform('linux');
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(1);
  });

  it('re-creates the window on activate only when none is open', async () => {
    await startMain();
    app.emit('activate');
    expect(FakeBrowserWindow.windows).toHaveLength(1);
    FakeBrowserWindow.windows = [];
    app.emit('activate');
    expect(FakeBrowserWindow.windows).toHaveLength(1);
    expect(FakeBrowserWindow.windows[0]?.loadURL).toHaveBeenCalledWith('app://blockademia/');
  });
});
