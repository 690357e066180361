import { vi } from 'vitest';

/**
 * Small stand-ins for the Electron objects the main process touches. There is no Electron binary
 * here, so tests drive these fakes the way Chromium would: emitting navigation events, opening
 * windows, asking for permissions, receiving responses.
 */

// Listeners come from the code under test with Electron's own (varied) signatures: any function
// can be stored as `never[]`, and replaying trusts the test to pass what Electron would.
type Listener = (...args: never[]) => unknown;
type Replay = (...args: unknown[]) => unknown;

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();

  readonly on = vi.fn((event: string, listener: Listener) => {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  });

  readonly once = vi.fn((event: string, listener: Listener) => {
    const wrapper = (...args: unknown[]): unknown => {
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((registered) => registered !== wrapper),
      );
      return (listener as Replay)(...args);
    };
    return this.on(event, wrapper);
  });

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as Replay)(...args);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;
type PermissionCheckHandler = (webContents: unknown, permission: string) => boolean;
type HeadersListener = (
  details: { responseHeaders?: Record<string, string | string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | undefined;
  permissionCheckHandler: PermissionCheckHandler | undefined;
  headersListener: HeadersListener | undefined;

  readonly setPermissionRequestHandler = vi.fn((handler: PermissionRequestHandler) => {
    this.permissionRequestHandler = handler;
  });
  readonly setPermissionCheckHandler = vi.fn((handler: PermissionCheckHandler) => {
    this.permissionCheckHandler = handler;
  });
  readonly webRequest = {
    onHeadersReceived: vi.fn((listener: HeadersListener) => {
      this.headersListener = listener;
    }),
  };

  /** What Chromium would be told for a permission request. */
  requestPermission(permission: string): boolean | undefined {
    let answer: boolean | undefined;
    this.permissionRequestHandler?.({}, permission, (granted) => {
      answer = granted;
    });
    return answer;
  }

  /** The headers a response would end up with. */
  receiveHeaders(
    responseHeaders: Record<string, string | string[]>,
  ): Record<string, string[]> | undefined {
    let result: Record<string, string[]> | undefined;
    this.headersListener?.({ responseHeaders }, (response) => {
      result = response.responseHeaders;
    });
    return result;
  }
}

type WindowOpenHandler = (details: { url: string }) => { action: string };

export class FakeWebContents extends FakeEmitter {
  readonly session = new FakeSession();
  windowOpenHandler: WindowOpenHandler | undefined;

  readonly setWindowOpenHandler = vi.fn((handler: WindowOpenHandler) => {
    this.windowOpenHandler = handler;
  });

  /** What `window.open(url)` (or a target=_blank link) would get. */
  openWindow(url: string): { action: string } | undefined {
    return this.windowOpenHandler?.({ url });
  }

  /** Emits a navigation event and reports whether a listener prevented it. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): { prevented: boolean } {
    const navigation = { url, preventDefault: vi.fn() };
    this.emit(event, navigation, url);
    return { prevented: navigation.preventDefault.mock.calls.length > 0 };
  }

  attachWebview(): { prevented: boolean } {
    const attach = { preventDefault: vi.fn() };
    this.emit('will-attach-webview', attach, {}, { src: 'https://evil.example/' });
    return { prevented: attach.preventDefault.mock.calls.length > 0 };
  }
}

export function createFakeShell() {
  return { openExternal: vi.fn<(url: string) => Promise<void>>(async () => undefined) };
}

/** Lets all pending promise callbacks (and one macrotask turn) run. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
