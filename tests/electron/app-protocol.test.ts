import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  protocol: { registerSchemesAsPrivileged: vi.fn() },
}));
vi.mock('electron', () => electron);

const { createAppRequestHandler, registerAppScheme } = await import('../../electron/app-protocol');

const POLICY = "default-src 'self'";
const INDEX_HTML = '<!doctype html><title>Blockademia</title><div id="root"></div>';
const APP_JS = 'console.log("app");';

let workDir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  // dist/ is the served root; the files next to it stand for everything that must stay private.
  workDir = await mkdtemp(join(tmpdir(), 'blockademia-protocol-'));
  const dist = join(workDir, 'dist');
  await mkdir(join(dist, 'assets', 'folder.js'), { recursive: true });
  await mkdir(join(dist, '.vite'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await writeFile(join(dist, 'assets', 'app-1a2b.js'), APP_JS);
  await writeFile(join(dist, 'assets', 'app-1a2b.css'), 'body{margin:0}');
  await writeFile(join(dist, 'assets', 'font.woff2'), new Uint8Array([0x77, 0x4f, 0x46, 0x32]));
  await writeFile(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *');
  await writeFile(join(dist, 'data.bin'), 'raw');
  await writeFile(join(dist, '.vite', 'manifest.json'), '{}');
  await writeFile(join(workDir, 'package.json'), '{"name":"secret"}');
  await writeFile(join(workDir, 'secret.txt'), 'secret');
  handle = createAppRequestHandler(dist, POLICY);
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

function get(path: string, init?: RequestInit): Promise<Response> {
  return handle(new Request(`app://blockademia${path}`, init));
}

/**
 * A request whose URL was not normalised. Chromium (and `new Request`) fold `..` and `%2e%2e`
 * before the handler runs; this checks the handler does not depend on that.
 */
function getRaw(path: string): Promise<Response> {
  return handle({ url: `app://blockademia${path}`, method: 'GET' } as Request);
}

describe('registerAppScheme', () => {
  it('registers app:// as a standard, secure, fetch-capable scheme without CORS', () => {
    registerAppScheme();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false },
      },
    ]);
  });
});

describe('app protocol handler', () => {
  it.each(['/', '/tokens', '/tokens/bitcoin', '/dictionary/bitcoin?lang=fr', '/index.html'])(
    'serves the single page for %s',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(POLICY);
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it.each([
    ['/assets/app-1a2b.js', 'text/javascript; charset=utf-8', APP_JS],
    ['/assets/app-1a2b.css', 'text/css; charset=utf-8', 'body{margin:0}'],
    ['/logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['/robots.txt', 'text/plain; charset=utf-8', 'User-agent: *'],
    ['/data.bin', 'application/octet-stream', 'raw'],
  ])('serves %s as %s', async (path, contentType, body) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-security-policy')).toBe(POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(body);
  });

  it('serves binary assets byte for byte', async () => {
    const response = await get('/assets/font.woff2');
    expect(response.headers.get('content-type')).toBe('font/woff2');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array([0x77, 0x4f, 0x46, 0x32]),
    );
  });

  it.each([
    '/assets/missing.js',
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2e%2e/secret.txt',
    '/assets/folder.js',
  ])('answers 404 for %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E/secret.txt',
    '/.%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/assets%2fapp-1a2b.js',
    '/index.html%00.js',
    '/%E0%A4%A',
  ])('refuses the unnormalised traversal %s with 404', async (path) => {
    const response = await getRaw(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });

  it('never reaches a file outside the root, even once the URL parser has folded the dots', async () => {
    // `new Request` turns this into /etc/passwd: a route, so the app page, not the system file.
    const response = await get('/%2e%2e/%2e%2e/etc/passwd');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('does not serve dotfiles such as the Vite manifest', async () => {
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('answers 404 for another host', async () => {
    const response = await handle(new Request('app://elsewhere/index.html'));
    expect(response.status).toBe(404);
  });

  it('answers HEAD with headers and no body', async () => {
    const response = await get('/assets/app-1a2b.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await get('/index.html', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
  });
});
