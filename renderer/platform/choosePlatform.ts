import type { DesktopBridge } from '../../shared/desktop-bridge';
import type { Platform } from '../../shared/platform';
import { createDesktopPlatform } from './desktopPlatform';
import { createWebPlatform } from './webPlatform';

declare global {
  interface Window {
    /** Present only inside the desktop app, exposed by the Electron preload script. */
    readonly desktop?: DesktopBridge;
  }
}

/** The one place that decides where the renderer runs. */
export function choosePlatform(win: Window = window): Platform {
  if (win.desktop?.platform === 'desktop') return createDesktopPlatform(win.desktop);
  return createWebPlatform({
    localStorage: win.localStorage,
    document: win.document,
    open: (url, target, features) => win.open(url, target, features),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => {
      URL.revokeObjectURL(url);
    },
  });
}
