import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIpcHandlers,
  registerIpcHandlers,
  type InvokeEvent,
  type IpcDeps,
} from '../../electron/ipc-handlers';
import { IpcChannel, type IpcChannelName } from '../../shared/desktop-bridge';
import {
  MAX_JSON_EXPORT_BYTES,
  MAX_PDF_BYTES,
  MAX_STORAGE_VALUE_LENGTH,
} from '../../shared/limits';

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF');
const JSON_TEXT = '{"email":"ada@example.org","favorites":["bitcoin","ether"],"name":"Adà"}';
const DOWNLOADS = '/home/ada/Downloads';

function createDeps(overrides: Partial<IpcDeps> = {}) {
  const entries = new Map<string, unknown>();
  const store = {
    entries,
    get: vi.fn((key: string) => entries.get(key)),
    set: vi.fn((key: string, value: string) => {
      entries.set(key, value);
    }),
    delete: vi.fn((key: string) => {
      entries.delete(key);
    }),
  };
  const deps = {
    store,
    showSaveDialog: vi.fn<IpcDeps['showSaveDialog']>(async (defaultPath) => ({
      canceled: false,
      filePath: defaultPath,
    })),
    writeFile: vi.fn<IpcDeps['writeFile']>(async () => undefined),
    openExternal: vi.fn<IpcDeps['openExternal']>(async () => undefined),
    downloadsDir: DOWNLOADS,
    reportError: vi.fn<NonNullable<IpcDeps['reportError']>>(),
    ...overrides,
  };
  return { deps, store, handlers: createIpcHandlers(deps) };
}

const BAD_KEYS: unknown[] = [
  undefined,
  null,
  42,
  {},
  ['lang'],
  '',
  'has space',
  'a/b',
  '__proto__',
  'constructor',
  'prototype',
  'x'.repeat(129),
];

describe('store:get', () => {
  it.each(BAD_KEYS)('refuses the key %j without touching the store', async (key) => {
    const { handlers, store } = createDeps();
    expect(await handlers['store:get'](key)).toEqual({ ok: false, error: 'invalid-storage-key' });
    expect(store.get).not.toHaveBeenCalled();
  });

  it('returns a stored string, and null for a missing key', async () => {
    const { handlers, store } = createDeps();
    store.entries.set('app.language', 'fr');
    expect(await handlers['store:get']('app.language')).toEqual({ ok: true, value: 'fr' });
    expect(await handlers['store:get']('app.theme')).toEqual({ ok: true, value: null });
  });

  it.each([42, true, { nested: 'x' }, ['a'], null])(
    'reads a non-string stored value %j as null',
    async (stored) => {
      const { handlers, store } = createDeps();
      store.entries.set('odd', stored);
      expect(await handlers['store:get']('odd')).toEqual({ ok: true, value: null });
    },
  );
});

describe('store:set', () => {
  it.each(BAD_KEYS)('refuses the key %j', async (key) => {
    const { handlers, store } = createDeps();
    expect(await handlers['store:set'](key, 'value')).toEqual({
      ok: false,
      error: 'invalid-storage-key',
    });
    expect(store.set).not.toHaveBeenCalled();
  });

  it.each([undefined, null, 42, { a: 1 }, new Uint8Array(1)])(
    'refuses the non-string value %j',
    async (value) => {
      const { handlers, store } = createDeps();
      expect(await handlers['store:set']('session', value)).toEqual({
        ok: false,
        error: 'invalid-storage-value',
      });
      expect(store.set).not.toHaveBeenCalled();
    },
  );

  it('refuses a value over the size limit and accepts one at the limit', async () => {
    const { handlers, store } = createDeps();
    const oversized = 'x'.repeat(MAX_STORAGE_VALUE_LENGTH + 1);
    expect(await handlers['store:set']('session', oversized)).toEqual({
      ok: false,
      error: 'invalid-storage-value',
    });
    expect(store.entries.has('session')).toBe(false);

    const largest = 'x'.repeat(MAX_STORAGE_VALUE_LENGTH);
    expect(await handlers['store:set']('session', largest)).toEqual({ ok: true, value: null });
    expect(store.entries.get('session')).toBe(largest);
  });

  it('stores a value that store:get then returns', async () => {
    const { handlers } = createDeps();
    expect(await handlers['store:set']('app.theme', 'dark')).toEqual({ ok: true, value: null });
    expect(await handlers['store:get']('app.theme')).toEqual({ ok: true, value: 'dark' });
  });
});

describe('store:remove', () => {
  it.each(BAD_KEYS)('refuses the key %j', async (key) => {
    const { handlers, store } = createDeps();
    expect(await handlers['store:remove'](key)).toEqual({
      ok: false,
      error: 'invalid-storage-key',
    });
    expect(store.delete).not.toHaveBeenCalled();
  });

  it('removes the value', async () => {
    const { handlers, store } = createDeps();
    store.entries.set('session', '{}');
    expect(await handlers['store:remove']('session')).toEqual({ ok: true, value: null });
    expect(await handlers['store:get']('session')).toEqual({ ok: true, value: null });
  });
});

describe('pdf:save', () => {
  it.each([
    'report.exe',
    'report.pdf.exe',
    '../../x.pdf',
    'a/b.pdf',
    'a\\b.pdf',
    'C:report.pdf',
    '.pdf',
    '',
    '   ',
    'bad\u0000name.pdf',
    `${'a'.repeat(200)}.pdf`,
    42,
    null,
  ])('refuses the file name %j before any dialog', async (fileName) => {
    const { handlers, deps } = createDeps();
    expect(await handlers['pdf:save'](fileName, PDF)).toEqual({
      ok: false,
      error: 'invalid-file-name',
    });
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  it.each([
    ['not a PDF', new TextEncoder().encode('MZ\u0090\u0000 executable')],
    ['empty', new Uint8Array(0)],
    ['a string', '%PDF-1.7'],
    ['a plain array', [...PDF]],
    ['missing', undefined],
  ])('refuses bytes that are %s', async (_label, bytes) => {
    const { handlers, deps } = createDeps();
    expect(await handlers['pdf:save']('report.pdf', bytes)).toEqual({
      ok: false,
      error: 'invalid-pdf-bytes',
    });
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
  });

  it('refuses a PDF larger than MAX_PDF_BYTES', async () => {
    const { handlers, deps } = createDeps();
    const huge = new Uint8Array(MAX_PDF_BYTES + 1);
    huge.set(PDF);
    expect(await handlers['pdf:save']('report.pdf', huge)).toEqual({
      ok: false,
      error: 'pdf-too-large',
    });
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
  });

  it('offers the downloads folder with the requested name', async () => {
    const { handlers, deps } = createDeps();
    await handlers['pdf:save']('  Bitcoin report.pdf ', PDF);
    expect(deps.showSaveDialog).toHaveBeenCalledExactlyOnceWith(
      join(DOWNLOADS, 'Bitcoin report.pdf'),
      { name: 'PDF', extension: 'pdf' },
    );
  });

  it.each([
    { canceled: true, filePath: '/home/ada/Downloads/report.pdf' },
    { canceled: true },
    { canceled: false },
    { canceled: false, filePath: '' },
  ])('answers cancelled and writes nothing when the dialog gives %j', async (choice) => {
    const { handlers, deps } = createDeps({ showSaveDialog: async () => choice });
    expect(await handlers['pdf:save']('report.pdf', PDF)).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  it.each(['report.pdf', 'relative/dir/report.pdf', '/home/ada/report.exe', '/home/ada/report'])(
    'refuses the dialog path %s and writes nothing',
    async (filePath) => {
      const { handlers, deps } = createDeps({
        showSaveDialog: async () => ({ canceled: false, filePath }),
      });
      expect(await handlers['pdf:save']('report.pdf', PDF)).toEqual({
        ok: false,
        error: 'invalid-save-path',
      });
      expect(deps.writeFile).not.toHaveBeenCalled();
    },
  );

  it('accepts an ArrayBuffer, as structured clone may deliver one', async () => {
    const { handlers, deps } = createDeps();
    const buffer = PDF.slice().buffer;
    expect(await handlers['pdf:save']('report.pdf', buffer)).toEqual({
      ok: true,
      value: { status: 'saved', location: join(DOWNLOADS, 'report.pdf') },
    });
    expect(deps.writeFile).toHaveBeenCalledExactlyOnceWith(join(DOWNLOADS, 'report.pdf'), PDF);
  });

  describe('on a real file system', () => {
    let root: string;

    beforeEach(async () => {
      root = await mkdtemp(join(tmpdir(), 'blockademia-pdf-'));
      await mkdir(join(root, 'Downloads'));
      await mkdir(join(root, 'Chosen'));
    });

    afterEach(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('writes exactly the given bytes exactly where the dialog pointed, and nowhere else', async () => {
      const chosen = join(root, 'Chosen', 'My Report.PDF');
      const { handlers } = createDeps({
        downloadsDir: join(root, 'Downloads'),
        showSaveDialog: async () => ({ canceled: false, filePath: chosen }),
        writeFile: (path, bytes) => writeFile(path, bytes),
      });

      expect(await handlers['pdf:save']('report.pdf', PDF)).toEqual({
        ok: true,
        value: { status: 'saved', location: chosen },
      });
      expect(new Uint8Array(await readFile(chosen))).toEqual(PDF);
      expect(await readdir(root, { recursive: true })).toEqual(
        expect.arrayContaining(['Downloads', 'Chosen', join('Chosen', 'My Report.PDF')]),
      );
      expect(await readdir(root, { recursive: true })).toHaveLength(3);
    });

    it('leaves the file system untouched when the chosen path is refused', async () => {
      const { handlers } = createDeps({
        downloadsDir: join(root, 'Downloads'),
        showSaveDialog: async () => ({ canceled: false, filePath: join(root, 'Chosen', 'x.sh') }),
        writeFile: (path, bytes) => writeFile(path, bytes),
      });
      expect(await handlers['pdf:save']('report.pdf', PDF)).toEqual({
        ok: false,
        error: 'invalid-save-path',
      });
      expect((await readdir(root, { recursive: true })).sort()).toEqual(['Chosen', 'Downloads']);
    });
  });
});

describe('json:save', () => {
  it.each([
    'export.exe',
    'export.pdf',
    'x.pdf',
    'export.json.exe',
    '../x.json',
    '../../x.json',
    'a/b.json',
    'a\\b.json',
    'C:export.json',
    '.json',
    '',
    '   ',
    'bad\u0000name.json',
    'bad\u007fname.json',
    `${'a'.repeat(200)}.json`,
    42,
    null,
  ])('refuses the file name %j before any dialog', async (fileName) => {
    const { handlers, deps } = createDeps();
    expect(await handlers['json:save'](fileName, JSON_TEXT)).toEqual({
      ok: false,
      error: 'invalid-file-name',
    });
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', 'name: Ada'],
    ['cut short', JSON_TEXT.slice(0, -1)],
    ['empty', ''],
    ['blank', '  \n'],
    ['JSON with a trailing comma', '{"a":1,}'],
    ['bytes', new TextEncoder().encode(JSON_TEXT)],
    ['an object', { email: 'ada@example.org' }],
    ['a number', 42],
    ['missing', undefined],
  ])('refuses a text that is %s', async (_label, json) => {
    const { handlers, deps } = createDeps();
    expect(await handlers['json:save']('export.json', json)).toEqual({
      ok: false,
      error: 'invalid-json',
    });
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
  });

  it('refuses a text over MAX_JSON_EXPORT_BYTES, counted in UTF-8 bytes', async () => {
    const { handlers, deps } = createDeps();
    const ascii = `"${'a'.repeat(MAX_JSON_EXPORT_BYTES - 1)}"`;
    expect(await handlers['json:save']('export.json', ascii)).toEqual({
      ok: false,
      error: 'json-too-large',
    });
    // Fewer characters than the limit, but two bytes each in UTF-8.
    const accented = `"${'é'.repeat(MAX_JSON_EXPORT_BYTES / 2)}"`;
    expect(accented.length).toBeLessThan(MAX_JSON_EXPORT_BYTES);
    expect(await handlers['json:save']('export.json', accented)).toEqual({
      ok: false,
      error: 'json-too-large',
    });
    expect(deps.showSaveDialog).not.toHaveBeenCalled();
  });

  it('accepts a text of exactly MAX_JSON_EXPORT_BYTES', async () => {
    const { handlers, deps } = createDeps();
    const largest = `"${'a'.repeat(MAX_JSON_EXPORT_BYTES - 2)}"`;
    expect(await handlers['json:save']('export.json', largest)).toEqual({
      ok: true,
      value: { status: 'saved', location: join(DOWNLOADS, 'export.json') },
    });
    expect(deps.writeFile).toHaveBeenCalledOnce();
  });

  it('offers the downloads folder with the requested name and the JSON type', async () => {
    const { handlers, deps } = createDeps();
    await handlers['json:save']('  My data.json ', JSON_TEXT);
    expect(deps.showSaveDialog).toHaveBeenCalledExactlyOnceWith(join(DOWNLOADS, 'My data.json'), {
      name: 'JSON',
      extension: 'json',
    });
  });

  it('writes the text as UTF-8 where the dialog pointed', async () => {
    const { handlers, deps } = createDeps();
    expect(await handlers['json:save']('export.json', JSON_TEXT)).toEqual({
      ok: true,
      value: { status: 'saved', location: join(DOWNLOADS, 'export.json') },
    });
    expect(deps.writeFile).toHaveBeenCalledExactlyOnceWith(
      join(DOWNLOADS, 'export.json'),
      new TextEncoder().encode(JSON_TEXT),
    );
  });

  it.each([
    { canceled: true, filePath: '/home/ada/Downloads/export.json' },
    { canceled: true },
    { canceled: false },
    { canceled: false, filePath: '' },
  ])('answers cancelled and writes nothing when the dialog gives %j', async (choice) => {
    const { handlers, deps } = createDeps({ showSaveDialog: async () => choice });
    expect(await handlers['json:save']('export.json', JSON_TEXT)).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  it.each([
    'export.json',
    'relative/dir/export.json',
    '/home/ada/export.pdf',
    '/home/ada/export.exe',
    '/home/ada/export',
  ])('refuses the dialog path %s and writes nothing', async (filePath) => {
    const { handlers, deps } = createDeps({
      showSaveDialog: async () => ({ canceled: false, filePath }),
    });
    expect(await handlers['json:save']('export.json', JSON_TEXT)).toEqual({
      ok: false,
      error: 'invalid-save-path',
    });
    expect(deps.writeFile).not.toHaveBeenCalled();
  });

  describe('on a real file system', () => {
    let root: string;

    beforeEach(async () => {
      root = await mkdtemp(join(tmpdir(), 'blockademia-json-'));
      await mkdir(join(root, 'Downloads'));
      await mkdir(join(root, 'Chosen'));
    });

    afterEach(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('writes exactly the given text exactly where the dialog pointed, and nowhere else', async () => {
      const chosen = join(root, 'Chosen', 'My Data.JSON');
      const { handlers } = createDeps({
        downloadsDir: join(root, 'Downloads'),
        showSaveDialog: async () => ({ canceled: false, filePath: chosen }),
        writeFile: (path, bytes) => writeFile(path, bytes),
      });

      expect(await handlers['json:save']('export.json', JSON_TEXT)).toEqual({
        ok: true,
        value: { status: 'saved', location: chosen },
      });
      expect(await readFile(chosen, 'utf8')).toBe(JSON_TEXT);
      expect((await readdir(root, { recursive: true })).sort()).toEqual(
        ['Chosen', join('Chosen', 'My Data.JSON'), 'Downloads'].sort(),
      );
    });

    it('leaves the file system untouched when the chosen path is refused', async () => {
      const { handlers } = createDeps({
        downloadsDir: join(root, 'Downloads'),
        showSaveDialog: async () => ({ canceled: false, filePath: join(root, 'Chosen', 'x.sh') }),
        writeFile: (path, bytes) => writeFile(path, bytes),
      });
      expect(await handlers['json:save']('export.json', JSON_TEXT)).toEqual({
        ok: false,
        error: 'invalid-save-path',
      });
      expect((await readdir(root, { recursive: true })).sort()).toEqual(['Chosen', 'Downloads']);
    });
  });
});

describe('link:open', () => {
  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'app://blockademia/tokens',
    'ftp://example.org/file',
    '/relative/path',
    'relative',
    '',
    `https://example.org/${'a'.repeat(2100)}`,
    42,
    null,
  ])('refuses %j without opening anything', async (url) => {
    const { handlers, deps } = createDeps();
    expect(await handlers['link:open'](url)).toEqual({ ok: false, error: 'invalid-url' });
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it.each([
    ['https://example.org/learn?topic=bitcoin', 'https://example.org/learn?topic=bitcoin'],
    ['http://example.org', 'http://example.org/'],
    ['mailto:hello@blockademia.org', 'mailto:hello@blockademia.org'],
  ])('opens %s', async (url, opened) => {
    const { handlers, deps } = createDeps();
    expect(await handlers['link:open'](url)).toEqual({ ok: true, value: null });
    expect(deps.openExternal).toHaveBeenCalledExactlyOnceWith(opened);
  });
});

describe('failures inside a dependency', () => {
  const secret = new Error('EACCES: permission denied, open /home/ada/.config/secret.json');
  const fails = (): never => {
    throw secret;
  };
  const quietStore = { get: () => undefined, set: () => undefined, delete: () => undefined };

  const cases: Array<[IpcChannelName, Partial<IpcDeps>, unknown[]]> = [
    ['store:get', { store: { ...quietStore, get: fails } }, ['session']],
    ['store:set', { store: { ...quietStore, set: fails } }, ['session', '{}']],
    ['store:remove', { store: { ...quietStore, delete: fails } }, ['session']],
    ['pdf:save', { showSaveDialog: () => Promise.reject(secret) }, ['report.pdf', PDF]],
    ['pdf:save', { writeFile: () => Promise.reject(secret) }, ['report.pdf', PDF]],
    ['json:save', { showSaveDialog: () => Promise.reject(secret) }, ['export.json', JSON_TEXT]],
    ['json:save', { writeFile: () => Promise.reject(secret) }, ['export.json', JSON_TEXT]],
    ['link:open', { openExternal: () => Promise.reject(secret) }, ['https://example.org/']],
  ];

  it.each(cases)(
    '%s answers internal-error without the message',
    async (channel, overrides, args) => {
      const { handlers, deps } = createDeps(overrides);
      const handler: (...args: unknown[]) => Promise<unknown> = handlers[channel];
      const result = await handler(...args);
      expect(result).toEqual({ ok: false, error: 'internal-error' });
      expect(JSON.stringify(result)).not.toMatch(/secret|EACCES|home/);
      expect(deps.reportError).toHaveBeenCalledExactlyOnceWith(channel, secret);
    },
  );
});

describe('registerIpcHandlers', () => {
  type Listener = (event: InvokeEvent, ...args: unknown[]) => unknown;

  function register() {
    const { handlers, store } = createDeps();
    const listeners = new Map<string, Listener>();
    const ipcMain = {
      handle: vi.fn((channel: string, listener: Listener) => {
        listeners.set(channel, listener);
      }),
    };
    const isTrustedSender = vi.fn((url: string) => url.startsWith('app://blockademia/'));
    registerIpcHandlers(ipcMain, handlers, isTrustedSender);
    const invoke = async (channel: string, senderUrl: string | null, ...args: unknown[]) => {
      const listener = listeners.get(channel);
      if (listener === undefined) throw new Error(`no handler for ${channel}`);
      return listener({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);
    };
    return { ipcMain, store, invoke, isTrustedSender };
  }

  it('registers one handler per channel', () => {
    const { ipcMain } = register();
    expect(ipcMain.handle.mock.calls.map(([channel]) => channel).sort()).toEqual(
      Object.values(IpcChannel).sort(),
    );
  });

  it('passes the raw arguments of a trusted sender to the handler', async () => {
    const { invoke, store, isTrustedSender } = register();
    const sender = 'app://blockademia/settings';
    expect(await invoke('store:set', sender, 'app.language', 'es')).toEqual({
      ok: true,
      value: null,
    });
    expect(store.entries.get('app.language')).toBe('es');
    expect(await invoke('store:get', sender, 'app.language')).toEqual({ ok: true, value: 'es' });
    expect(await invoke('store:get', sender, 42)).toEqual({
      ok: false,
      error: 'invalid-storage-key',
    });
    expect(isTrustedSender).toHaveBeenCalledWith(sender);
  });

  it.each(['https://evil.example/', 'file:///tmp/page.html', null])(
    'refuses every channel for the sender %s',
    async (sender) => {
      const { invoke, store } = register();
      for (const channel of Object.values(IpcChannel)) {
        expect(await invoke(channel, sender, 'session', '{}')).toEqual({
          ok: false,
          error: 'untrusted-sender',
        });
      }
      expect(store.set).not.toHaveBeenCalled();
      expect(store.get).not.toHaveBeenCalled();
      expect(store.delete).not.toHaveBeenCalled();
    },
  );
});
