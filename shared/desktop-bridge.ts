import type { SaveFileOutcome } from './platform';

/**
 * The contract between the Electron preload script and the renderer. Channel names follow
 * `domain:action`; every call goes through `invoke`/`handle` and answers with an ok/error result,
 * so the renderer never sees a thrown main-process error.
 */
export const IpcChannel = {
  storeGet: 'store:get',
  storeSet: 'store:set',
  storeRemove: 'store:remove',
  pdfSave: 'pdf:save',
  jsonSave: 'json:save',
  linkOpen: 'link:open',
} as const;

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** What `window.desktop` offers. The preload object declares it satisfies this type. */
export interface DesktopBridge {
  readonly platform: 'desktop';
  storeGet(key: string): Promise<IpcResult<string | null>>;
  storeSet(key: string, value: string): Promise<IpcResult<null>>;
  storeRemove(key: string): Promise<IpcResult<null>>;
  savePdf(fileName: string, bytes: Uint8Array): Promise<IpcResult<SaveFileOutcome>>;
  saveJson(fileName: string, json: string): Promise<IpcResult<SaveFileOutcome>>;
  openExternal(url: string): Promise<IpcResult<null>>;
}
