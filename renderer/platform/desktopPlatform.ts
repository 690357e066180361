import type { DesktopBridge, IpcResult } from '../../shared/desktop-bridge';
import type { Platform } from '../../shared/platform';
import { PlatformError } from './platformError';

async function unwrap<T>(result: Promise<IpcResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new PlatformError(answer.error);
  return answer.value;
}

/** The desktop platform: every call crosses the preload bridge to the main process. */
export function createDesktopPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: 'desktop',
    storage: {
      get: (key) => unwrap(bridge.storeGet(key)),
      set: async (key, value) => {
        await unwrap(bridge.storeSet(key, value));
      },
      remove: async (key) => {
        await unwrap(bridge.storeRemove(key));
      },
    },
    savePdf: (fileName, bytes) => unwrap(bridge.savePdf(fileName, bytes)),
    saveJson: (fileName, json) => unwrap(bridge.saveJson(fileName, json)),
    openExternal: async (url) => {
      await unwrap(bridge.openExternal(url));
    },
  };
}
