import type { KeyValueStorage, Platform, SaveFileOutcome } from '../../shared/platform';
import {
  checkExternalUrl,
  checkJsonFileName,
  checkJsonText,
  checkPdfBytes,
  checkPdfFileName,
  checkStorageKey,
  checkStorageValue,
  type Check,
} from '../../shared/validation';
import { PlatformError } from './platformError';

/** What the web platform needs from the browser; tests pass their own. */
export interface BrowserApis {
  readonly localStorage: Storage;
  readonly document: Document;
  readonly open: (url: string, target: string, features: string) => unknown;
  readonly createObjectURL: (blob: Blob) => string;
  readonly revokeObjectURL: (url: string) => void;
}

function unwrap<T>(check: Check<T>): T {
  if (!check.ok) throw new PlatformError(check.error);
  return check.value;
}

function createLocalStorage(localStorage: Storage): KeyValueStorage {
  // localStorage throws in some private modes and when full: report it as one clear error.
  const guarded = <T>(action: () => T): T => {
    try {
      return action();
    } catch {
      throw new PlatformError('storage-unavailable');
    }
  };
  return {
    get: (key) =>
      Promise.resolve().then(() => {
        const validKey = unwrap(checkStorageKey(key));
        return guarded(() => localStorage.getItem(validKey));
      }),
    set: (key, value) =>
      Promise.resolve().then(() => {
        const validKey = unwrap(checkStorageKey(key));
        const validValue = unwrap(checkStorageValue(value));
        guarded(() => {
          localStorage.setItem(validKey, validValue);
        });
      }),
    remove: (key) =>
      Promise.resolve().then(() => {
        const validKey = unwrap(checkStorageKey(key));
        guarded(() => {
          localStorage.removeItem(validKey);
        });
      }),
  };
}

/** Hands a checked file to the browser as a download; the browser decides where it goes. */
function download(browser: BrowserApis, name: string, blob: Blob): SaveFileOutcome {
  const url = browser.createObjectURL(blob);
  const link = browser.document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  browser.document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; revoking later leaves slow browsers time to read it.
  setTimeout(() => {
    browser.revokeObjectURL(url);
  }, 60_000);
  return { status: 'saved', location: name };
}

export function createWebPlatform(browser: BrowserApis): Platform {
  return {
    kind: 'web',
    storage: createLocalStorage(browser.localStorage),
    savePdf(fileName, bytes): Promise<SaveFileOutcome> {
      return Promise.resolve().then(() => {
        const name = unwrap(checkPdfFileName(fileName));
        const pdf = unwrap(checkPdfBytes(bytes));
        return download(
          browser,
          name,
          new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
        );
      });
    },
    saveJson(fileName, json): Promise<SaveFileOutcome> {
      return Promise.resolve().then(() => {
        const name = unwrap(checkJsonFileName(fileName));
        const text = unwrap(checkJsonText(json));
        return download(browser, name, new Blob([text], { type: 'application/json' }));
      });
    },
    openExternal(url) {
      return Promise.resolve().then(() => {
        const target = unwrap(checkExternalUrl(url));
        browser.open(target, '_blank', 'noopener,noreferrer');
      });
    },
  };
}
