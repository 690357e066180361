import { app, BrowserWindow, dialog, ipcMain, protocol, shell } from 'electron';
import Store from 'electron-store';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_ROOT_URL, APP_SCHEME } from './app-origin';
import { createAppRequestHandler, registerAppScheme } from './app-protocol';
import { createIpcHandlers, registerIpcHandlers } from './ipc-handlers';
import { contentSecurityPolicy } from '../shared/contentSecurityPolicy';
import { backendUrlFrom } from '../shared/defaultBackendUrl';
import { guardWebContents, isAppUrl } from './security';
import { createMainWindow } from './window';

// Privileged schemes must be declared before the app is ready.
registerAppScheme();

// A packaged app ignores the variable: the environment must not be able to point it elsewhere.
const devServerUrl = app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL;
const supabaseUrl = backendUrlFrom(process.env.VITE_SUPABASE_URL);
const policy = contentSecurityPolicy(supabaseUrl, { devServerUrl });

// This file is bundled to dist-electron/main.js, next to preload.cjs, with the renderer in dist/.
const bundleDir = import.meta.dirname;
const rendererDir = join(bundleDir, '../dist');
const preloadPath = join(bundleDir, 'preload.cjs');

function openMainWindow(): BrowserWindow {
  return createMainWindow({
    preloadPath,
    startUrl: devServerUrl ?? APP_ROOT_URL,
    shell,
    devServerUrl,
    contentSecurityPolicy: policy,
  });
}

// Covers contents the main window did not create itself (devtools, any future window).
app.on('web-contents-created', (_event, contents) => {
  guardWebContents(contents, { shell, devServerUrl });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

function start(): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rendererDir, policy));

  // Keys like `app.language` are flat names, not paths into nested objects.
  const store = new Store({ name: 'settings', accessPropertiesByDotNotation: false });
  const handlers = createIpcHandlers({
    store,
    showSaveDialog: (defaultPath, fileType) => {
      const filters = [{ name: fileType.name, extensions: [fileType.extension] }];
      const options = { defaultPath, filters };
      const owner = BrowserWindow.getFocusedWindow();
      return owner === null
        ? dialog.showSaveDialog(options)
        : dialog.showSaveDialog(owner, options);
    },
    writeFile: (path, bytes) => writeFile(path, bytes),
    openExternal: (url) => shell.openExternal(url),
    downloadsDir: app.getPath('downloads'),
    reportError: (channel, error) => {
      console.error(`IPC ${channel} failed`, error);
    },
  });
  registerIpcHandlers(ipcMain, handlers, (url) => isAppUrl(url, devServerUrl));

  openMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
}

app
  .whenReady()
  .then(start)
  .catch((error: unknown) => {
    console.error('Blockademia failed to start', error);
    app.quit();
  });
