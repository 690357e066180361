import { isAbsolute, join } from 'node:path';
import { IpcChannel, type IpcChannelName, type IpcResult } from '../shared/desktop-bridge';
import type { SaveFileOutcome } from '../shared/platform';
import {
  checkExternalUrl,
  checkJsonFileName,
  checkJsonText,
  checkPdfBytes,
  checkPdfFileName,
  checkStorageKey,
  checkStorageValue,
  type Check,
} from '../shared/validation';

/**
 * The main-process side of the desktop bridge, written as plain functions over injected
 * dependencies so every rule can be tested without Electron. The renderer is untrusted: each
 * argument arrives as `unknown` and is checked again here, whatever the preload promised.
 */

export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: string): void;
  delete(key: string): void;
}

/** The one file type a save dialog offers; the path the user picks must keep its extension. */
export interface SaveFileType {
  readonly name: string;
  readonly extension: string;
}

const PDF_FILE: SaveFileType = { name: 'PDF', extension: 'pdf' };
const JSON_FILE: SaveFileType = { name: 'JSON', extension: 'json' };

export interface IpcDeps {
  store: SettingsStore;
  showSaveDialog(
    defaultPath: string,
    fileType: SaveFileType,
  ): Promise<{ canceled: boolean; filePath?: string }>;
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
  openExternal(url: string): Promise<void>;
  downloadsDir: string;
  /** Where unexpected failures go; the renderer only ever sees `internal-error`. */
  reportError?(channel: IpcChannelName, error: unknown): void;
}

export interface IpcHandlers {
  readonly [IpcChannel.storeGet]: (key: unknown) => Promise<IpcResult<string | null>>;
  readonly [IpcChannel.storeSet]: (key: unknown, value: unknown) => Promise<IpcResult<null>>;
  readonly [IpcChannel.storeRemove]: (key: unknown) => Promise<IpcResult<null>>;
  readonly [IpcChannel.pdfSave]: (
    fileName: unknown,
    bytes: unknown,
  ) => Promise<IpcResult<SaveFileOutcome>>;
  readonly [IpcChannel.jsonSave]: (
    fileName: unknown,
    json: unknown,
  ) => Promise<IpcResult<SaveFileOutcome>>;
  readonly [IpcChannel.linkOpen]: (url: unknown) => Promise<IpcResult<null>>;
}

const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
const fail = <T>(error: string): IpcResult<T> => ({ ok: false, error });

// The shared pattern allows these names, and stores built on plain objects treat them specially.
// No app key needs them, so main refuses them rather than rely on the store's own care.
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function checkKey(key: unknown): Check<string> {
  const checked = checkStorageKey(key);
  if (checked.ok && PROTOTYPE_KEYS.has(checked.value)) {
    return { ok: false, error: 'invalid-storage-key' };
  }
  return checked;
}

/** Structured clone may deliver the renderer's Uint8Array as a bare ArrayBuffer. */
function asBytes(bytes: unknown): unknown {
  return bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
}

export function createIpcHandlers(deps: IpcDeps): IpcHandlers {
  // Errors thrown by the store, the dialog or the file system can carry paths and stacks;
  // the renderer gets a fixed code instead.
  const guard =
    <Args extends unknown[], T>(
      channel: IpcChannelName,
      handler: (...args: Args) => IpcResult<T> | Promise<IpcResult<T>>,
    ) =>
    async (...args: Args): Promise<IpcResult<T>> => {
      try {
        return await handler(...args);
      } catch (error) {
        deps.reportError?.(channel, error);
        return fail('internal-error');
      }
    };

  // Every save, once its arguments are checked: the user picks the folder in the native dialog;
  // we only insist on a full path with the expected extension, so the bytes can never land in a
  // relative location or under another file type.
  const saveThroughDialog = async (
    fileName: string,
    fileType: SaveFileType,
    bytes: Uint8Array,
  ): Promise<IpcResult<SaveFileOutcome>> => {
    const choice = await deps.showSaveDialog(join(deps.downloadsDir, fileName), fileType);
    if (choice.canceled || choice.filePath === undefined || choice.filePath === '') {
      return ok({ status: 'cancelled' });
    }
    const chosenPath = choice.filePath;
    if (!isAbsolute(chosenPath) || !chosenPath.toLowerCase().endsWith(`.${fileType.extension}`)) {
      return fail('invalid-save-path');
    }
    await deps.writeFile(chosenPath, bytes);
    return ok({ status: 'saved', location: chosenPath });
  };

  return {
    [IpcChannel.storeGet]: guard(IpcChannel.storeGet, (key: unknown) => {
      const checkedKey = checkKey(key);
      if (!checkedKey.ok) return fail(checkedKey.error);
      const stored = deps.store.get(checkedKey.value);
      // Only strings are ever written; anything else is someone else's data, not ours to return.
      return ok(typeof stored === 'string' ? stored : null);
    }),

    [IpcChannel.storeSet]: guard(IpcChannel.storeSet, (key: unknown, value: unknown) => {
      const checkedKey = checkKey(key);
      if (!checkedKey.ok) return fail(checkedKey.error);
      const checkedValue = checkStorageValue(value);
      if (!checkedValue.ok) return fail(checkedValue.error);
      deps.store.set(checkedKey.value, checkedValue.value);
      return ok(null);
    }),

    [IpcChannel.storeRemove]: guard(IpcChannel.storeRemove, (key: unknown) => {
      const checkedKey = checkKey(key);
      if (!checkedKey.ok) return fail(checkedKey.error);
      deps.store.delete(checkedKey.value);
      return ok(null);
    }),

    [IpcChannel.pdfSave]: guard(
      IpcChannel.pdfSave,
      async (fileName: unknown, bytes: unknown): Promise<IpcResult<SaveFileOutcome>> => {
        const checkedName = checkPdfFileName(fileName);
        if (!checkedName.ok) return fail(checkedName.error);
        const checkedBytes = checkPdfBytes(asBytes(bytes));
        if (!checkedBytes.ok) return fail(checkedBytes.error);
        return saveThroughDialog(checkedName.value, PDF_FILE, checkedBytes.value);
      },
    ),

    [IpcChannel.jsonSave]: guard(
      IpcChannel.jsonSave,
      async (fileName: unknown, json: unknown): Promise<IpcResult<SaveFileOutcome>> => {
        const checkedName = checkJsonFileName(fileName);
        if (!checkedName.ok) return fail(checkedName.error);
        const checkedJson = checkJsonText(json);
        if (!checkedJson.ok) return fail(checkedJson.error);
        const bytes = new TextEncoder().encode(checkedJson.value);
        return saveThroughDialog(checkedName.value, JSON_FILE, bytes);
      },
    ),

    [IpcChannel.linkOpen]: guard(IpcChannel.linkOpen, async (url: unknown) => {
      const checkedUrl = checkExternalUrl(url);
      if (!checkedUrl.ok) return fail(checkedUrl.error);
      await deps.openExternal(checkedUrl.value);
      return ok(null);
    }),
  };
}

/** The sender as far as the check needs it; Electron's IpcMainInvokeEvent fits. */
export interface InvokeEvent {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's `ipcMain` used here. */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

export function registerIpcHandlers(
  ipcMain: IpcRegistrar,
  handlers: IpcHandlers,
  isTrustedSender: (url: string) => boolean,
): void {
  for (const channel of Object.values(IpcChannel)) {
    const handler: (...args: unknown[]) => Promise<IpcResult<unknown>> = handlers[channel];
    ipcMain.handle(channel, (event, ...args) => {
      // A frame that navigated away (or an iframe from elsewhere) must not reach the store.
      const senderUrl = event.senderFrame?.url;
      if (senderUrl === undefined || !isTrustedSender(senderUrl)) {
        return Promise.resolve(fail('untrusted-sender'));
      }
      return handler(...args);
    });
  }
}
