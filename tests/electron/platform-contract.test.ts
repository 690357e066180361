// @vitest-environment jsdom
/**
 * One contract, two implementations: the web platform over the browser's localStorage, and the
 * desktop platform over a bridge wired to the real main-process IPC handlers (with an in-memory
 * store and a fake dialog standing in for Electron). Both must behave the same for the renderer.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createIpcHandlers } from '../../electron/ipc-handlers';
import { createDesktopPlatform } from '../../renderer/platform/desktopPlatform';
import { createWebPlatform } from '../../renderer/platform/webPlatform';
import { IpcChannel, type DesktopBridge } from '../../shared/desktop-bridge';
import { MAX_JSON_EXPORT_BYTES } from '../../shared/limits';
import type { Platform } from '../../shared/platform';

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%test document\n');
const exportJson = JSON.stringify({ email: 'é@x.fr', favorites: ['bitcoin'], badges: [] }, null, 2);

interface Harness {
  platform: Platform;
  /** The last saved file, read back from wherever the platform put it. */
  savedBytes(): Promise<Uint8Array | null>;
  openedUrls(): string[];
}

function webHarness(): Promise<Harness> {
  window.localStorage.clear();
  const opened: string[] = [];
  let lastBlob: Blob | null = null;
  const platform = createWebPlatform({
    localStorage: window.localStorage,
    document,
    open: (url) => {
      opened.push(url);
      return null;
    },
    createObjectURL: (blob) => {
      lastBlob = blob;
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  });
  return Promise.resolve({
    platform,
    savedBytes: async () => {
      const blob: Blob | null = lastBlob;
      return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
    },
    openedUrls: () => opened,
  });
}

async function desktopHarness({ cancelDialog = false } = {}): Promise<Harness> {
  const folder = await mkdtemp(join(tmpdir(), 'blockademia-contract-'));
  const values = new Map<string, unknown>();
  const opened: string[] = [];
  let savedAt: string | null = null;
  const handlers = createIpcHandlers({
    store: {
      get: (key) => values.get(key),
      set: (key, value) => values.set(key, value),
      delete: (key) => values.delete(key),
    },
    showSaveDialog: (defaultPath) => {
      if (cancelDialog) return Promise.resolve({ canceled: true });
      savedAt = join(folder, defaultPath.split(/[\\/]/).pop() ?? 'out.pdf');
      return Promise.resolve({ canceled: false, filePath: savedAt });
    },
    writeFile: (path, bytes) => writeFile(path, bytes),
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    downloadsDir: folder,
  });
  const bridge: DesktopBridge = {
    platform: 'desktop',
    storeGet: (key) => handlers[IpcChannel.storeGet](key),
    storeSet: (key, value) => handlers[IpcChannel.storeSet](key, value),
    storeRemove: (key) => handlers[IpcChannel.storeRemove](key),
    savePdf: (name, bytes) => handlers[IpcChannel.pdfSave](name, bytes),
    saveJson: (name, json) => handlers[IpcChannel.jsonSave](name, json),
    openExternal: (url) => handlers[IpcChannel.linkOpen](url),
  };
  return {
    platform: createDesktopPlatform(bridge),
    savedBytes: async () => (savedAt ? new Uint8Array(await readFile(savedAt)) : null),
    openedUrls: () => opened,
  };
}

describe.each([
  ['web', webHarness],
  ['desktop', desktopHarness],
])('platform contract: %s', (kind, makeHarness) => {
  let harness: Harness;
  beforeEach(async () => {
    vi.useRealTimers();
    harness = await makeHarness();
  });

  it('reports its kind', () => {
    expect(harness.platform.kind).toBe(kind);
  });

  it('stores, reads back, overwrites and removes a value', async () => {
    const { storage } = harness.platform;
    expect(await storage.get('language')).toBeNull();
    await storage.set('language', 'en');
    expect(await storage.get('language')).toBe('en');
    await storage.set('language', 'es');
    expect(await storage.get('language')).toBe('es');
    await storage.remove('language');
    expect(await storage.get('language')).toBeNull();
  });

  it('keeps a session-sized JSON value intact', async () => {
    const session = JSON.stringify({ access_token: 'a'.repeat(3000), user: { email: 'é@x.fr' } });
    await harness.platform.storage.set('sb-127-auth-token', session);
    expect(await harness.platform.storage.get('sb-127-auth-token')).toBe(session);
  });

  it('refuses malformed keys and oversized values with a coded error', async () => {
    const { storage } = harness.platform;
    await expect(storage.get('')).rejects.toMatchObject({ code: 'invalid-storage-key' });
    await expect(storage.set('a key with spaces', 'x')).rejects.toMatchObject({
      code: 'invalid-storage-key',
    });
    await expect(storage.set('theme', 'x'.repeat(1024 * 1024 + 1))).rejects.toMatchObject({
      code: 'invalid-storage-value',
    });
  });

  it('saves a PDF with its exact bytes', async () => {
    const outcome = await harness.platform.savePdf('dca-plan.pdf', pdfBytes);
    expect(outcome.status).toBe('saved');
    expect(Array.from((await harness.savedBytes()) ?? [])).toEqual(Array.from(pdfBytes));
  });

  it('refuses a file name that is not a plain .pdf name', async () => {
    for (const name of ['report.exe', '../../escape.pdf', 'folder/x.pdf', '']) {
      await expect(harness.platform.savePdf(name, pdfBytes)).rejects.toMatchObject({
        code: 'invalid-file-name',
      });
    }
    expect(await harness.savedBytes()).toBeNull();
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(
      harness.platform.savePdf('x.pdf', new TextEncoder().encode('<html>')),
    ).rejects.toMatchObject({ code: 'invalid-pdf-bytes' });
  });

  it('saves a JSON document with its exact text, in UTF-8', async () => {
    const outcome = await harness.platform.saveJson('blockademia-data.json', exportJson);
    expect(outcome.status).toBe('saved');
    const saved = await harness.savedBytes();
    expect(new TextDecoder().decode(saved ?? new Uint8Array())).toBe(exportJson);
  });

  it('refuses a file name that is not a plain .json name', async () => {
    for (const name of ['../x.json', 'x.pdf', 'folder/x.json', '.json', '']) {
      await expect(harness.platform.saveJson(name, exportJson)).rejects.toMatchObject({
        code: 'invalid-file-name',
      });
    }
    expect(await harness.savedBytes()).toBeNull();
  });

  it('refuses a text that is not JSON, and one over the size limit', async () => {
    for (const text of ['<html>', '{"cut":', '']) {
      await expect(harness.platform.saveJson('x.json', text)).rejects.toMatchObject({
        code: 'invalid-json',
      });
    }
    await expect(
      harness.platform.saveJson('x.json', `"${'é'.repeat(MAX_JSON_EXPORT_BYTES / 2)}"`),
    ).rejects.toMatchObject({ code: 'json-too-large' });
    expect(await harness.savedBytes()).toBeNull();
  });

  it('opens http(s) and mailto links, and nothing else', async () => {
    await harness.platform.openExternal('https://ethereum.org/en/whitepaper/');
    await harness.platform.openExternal('mailto:contact@blockademia.org');
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      '/relative',
      'data:text/html,x',
    ]) {
      await expect(harness.platform.openExternal(url)).rejects.toMatchObject({
        code: 'invalid-url',
      });
    }
    expect(harness.openedUrls()).toEqual([
      'https://ethereum.org/en/whitepaper/',
      'mailto:contact@blockademia.org',
    ]);
  });
});

describe('platform contract: desktop, dialog closed', () => {
  it('answers cancelled, not an error, and writes nothing', async () => {
    const harness = await desktopHarness({ cancelDialog: true });
    expect(await harness.platform.savePdf('dca-plan.pdf', pdfBytes)).toEqual({
      status: 'cancelled',
    });
    expect(await harness.platform.saveJson('blockademia-data.json', exportJson)).toEqual({
      status: 'cancelled',
    });
    expect(await harness.savedBytes()).toBeNull();
  });
});
