import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../shared/desktop-bridge';
import { choosePlatform } from '../../renderer/platform/choosePlatform';

describe('choosing the platform', () => {
  it('is the web in a browser', () => {
    expect(choosePlatform(window).kind).toBe('web');
  });

  it('is the desktop when the preload bridge is present, and calls go through it', async () => {
    const bridge: DesktopBridge = {
      platform: 'desktop',
      storeGet: vi.fn(() => Promise.resolve({ ok: true as const, value: 'dark' })),
      storeSet: vi.fn(() => Promise.resolve({ ok: true as const, value: null })),
      storeRemove: vi.fn(() => Promise.resolve({ ok: true as const, value: null })),
      savePdf: vi.fn(() => Promise.resolve({ ok: false as const, error: 'invalid-file-name' })),
      saveJson: vi.fn(() =>
        Promise.resolve({ ok: true as const, value: { status: 'cancelled' as const } }),
      ),
      openExternal: vi.fn(() => Promise.resolve({ ok: true as const, value: null })),
    };
    const desktopWindow = Object.assign(Object.create(window) as Window, { desktop: bridge });
    const platform = choosePlatform(desktopWindow);
    expect(platform.kind).toBe('desktop');
    expect(await platform.storage.get('theme')).toBe('dark');
    expect(bridge.storeGet).toHaveBeenCalledWith('theme');
    await expect(platform.savePdf('x.exe', new Uint8Array())).rejects.toMatchObject({
      code: 'invalid-file-name',
    });
    expect(await platform.saveJson('export.json', '{}')).toEqual({ status: 'cancelled' });
    expect(bridge.saveJson).toHaveBeenCalledExactlyOnceWith('export.json', '{}');
  });
});
