import { describe, expect, it, vi } from 'vitest';

// Recorded by hand: Vitest clears mock calls before each test, and exposure happens at import.
const exposed = vi.hoisted(() => new Map<string, unknown>());
const electron = vi.hoisted(() => ({
  contextBridge: {
    exposeInMainWorld: (name: string, api: unknown) => {
      exposed.set(name, api);
    },
  },
  ipcRenderer: {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({
      ok: true,
      value: { channel, args },
    })),
    send: vi.fn(),
    on: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

const { desktopBridge } = await import('../../electron/preload');

describe('preload', () => {
  it('exposes the bridge, and only the bridge, as window.desktop', () => {
    expect([...exposed.keys()]).toEqual(['desktop']);
    expect(exposed.get('desktop')).toBe(desktopBridge);
    expect(Object.keys(desktopBridge).sort()).toEqual([
      'openExternal',
      'platform',
      'saveJson',
      'savePdf',
      'storeGet',
      'storeRemove',
      'storeSet',
    ]);
    expect(desktopBridge.platform).toBe('desktop');
  });

  it('never hands out ipcRenderer or its methods', () => {
    const exposed = Object.values(desktopBridge);
    expect(exposed).not.toContain(electron.ipcRenderer);
    expect(exposed).not.toContain(electron.ipcRenderer.invoke);
    expect(exposed).not.toContain(electron.ipcRenderer.send);
    expect(exposed).not.toContain(electron.ipcRenderer.on);
  });

  it.each([
    ['storeGet', () => desktopBridge.storeGet('app.language'), 'store:get', ['app.language']],
    [
      'storeSet',
      () => desktopBridge.storeSet('app.theme', 'dark'),
      'store:set',
      ['app.theme', 'dark'],
    ],
    ['storeRemove', () => desktopBridge.storeRemove('session'), 'store:remove', ['session']],
    [
      'savePdf',
      () => desktopBridge.savePdf('report.pdf', new Uint8Array([37, 80])),
      'pdf:save',
      ['report.pdf', new Uint8Array([37, 80])],
    ],
    [
      'saveJson',
      () => desktopBridge.saveJson('export.json', '{"a":1}'),
      'json:save',
      ['export.json', '{"a":1}'],
    ],
    [
      'openExternal',
      () => desktopBridge.openExternal('https://example.org/'),
      'link:open',
      ['https://example.org/'],
    ],
  ] as const)(
    '%s invokes its channel and returns what main answered',
    async (_name, call, channel, args) => {
      expect(await call()).toEqual({ ok: true, value: { channel, args } });
      expect(electron.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(channel, ...args);
    },
  );
});
