import { BrowserWindow } from 'electron';
import { hardenWindow, secureWebPreferences, type ExternalOpener } from './security';

export interface MainWindowOptions {
  preloadPath: string;
  /** The dev server in development, `app://blockademia/` otherwise. */
  startUrl: string;
  shell: ExternalOpener;
  devServerUrl?: string | undefined;
  contentSecurityPolicy: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 375,
    minHeight: 600,
    title: 'Blockademia',
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    // Shown on ready-to-show so the user never sees an empty, unstyled frame.
    show: false,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  // Hardened before the first load so the page never runs without the guards.
  hardenWindow(window, {
    shell: options.shell,
    devServerUrl: options.devServerUrl,
    contentSecurityPolicy: options.contentSecurityPolicy,
  });
  window.once('ready-to-show', () => {
    window.show();
  });
  window.loadURL(options.startUrl).catch((error: unknown) => {
    console.error('Could not load the app', error);
  });
  return window;
}
