import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  fastStaticSite,
  precompress,
  prerenderedPath,
} from '../../scripts/fastStaticSite.ts';

// The build's compressed twins and the headers `vite preview` (so `npm start`) serves them with.

const script = `export const words = ${JSON.stringify('blockchain '.repeat(500))};\n`;

describe('the web build served like a fast site', () => {
  let dir: string;
  let server: PreviewServer;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'blockademia-static-'));
    await writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><title>B</title>${'<p>x</p>'.repeat(300)}`,
    );
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    await writeFile(path.join(dir, 'assets', 'font-abc123.woff2'), Buffer.alloc(4096, 7));
    // Pages written at build (scripts/prerender.ts): a term in two languages, the French home.
    for (const [file, title] of [
      ['en/dictionary/blockchain.html', 'Blockchain EN'],
      ['fr/dictionary/blockchain.html', 'Blockchain FR'],
      ['fr/index.html', 'Accueil FR'],
    ] as const) {
      await mkdir(path.dirname(path.join(dir, 'prerendered', file)), { recursive: true });
      await writeFile(
        path.join(dir, 'prerendered', file),
        `<!doctype html><title>${title}</title>${'<p>texte</p>'.repeat(300)}`,
      );
    }
    await precompress(dir);
    server = await preview({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      build: { outDir: dir },
      preview: { port: 0, host: '127.0.0.1' },
      plugins: [fastStaticSite()],
    });
    const address = server.httpServer.address() as AddressInfo;
    origin = `http://127.0.0.1:${String(address.port)}`;
  });

  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a brotli and a gzip twin of each text file worth compressing, and only those', async () => {
    const files = (await readdir(dir, { recursive: true })).map((file) =>
      file.replaceAll('\\', '/'),
    );
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html.br',
        'index.html.gz',
        'assets/index-abc123.js.br',
        'assets/index-abc123.js.gz',
      ]),
    );
    expect(files.filter((file) => /tiny|woff2\./.test(file) && /\.(br|gz)$/.test(file))).toEqual(
      [],
    );
  });

  it('serves the twin the browser accepts, with a year of immutable caching for hashed files', async () => {
    const br = await fetch(`${origin}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes the body: what the page gets is the file itself.
    expect(await br.text()).toBe(script);

    const gz = await fetch(`${origin}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const plain = await fetch(`${origin}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers a page with its page written at build, in the language asked, French otherwise', async () => {
    const titleOf = async (route: string) => {
      const response = await fetch(`${origin}${route}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(response.headers.get('content-encoding'), route).toBe('br');
      return /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
    };
    expect(await titleOf('/dictionary/blockchain?lang=en')).toBe('Blockchain EN');
    expect(await titleOf('/dictionary/blockchain?lang=fr')).toBe('Blockchain FR');
    expect(await titleOf('/dictionary/blockchain')).toBe('Blockchain FR');
    expect(await titleOf('/dictionary/blockchain?lang=de')).toBe('Blockchain FR');
    expect(await titleOf('/?lang=fr')).toBe('Accueil FR');
    // No page written in that language, or for that address: the app's own index.html.
    expect(await titleOf('/?lang=en')).toBe('B');
    expect(await titleOf('/profile')).toBe('B');
    expect(await titleOf('/dictionary/blockchain/')).toBe('B');
    expect(prerenderedPath('/dictionary/blockchain?lang=en', new Set())).toBeUndefined();
    // Addresses that are not a page's: the app's index.html, never an error or another page.
    expect(await titleOf('/index')).toBe('B');
    expect(await titleOf('/index?lang=fr')).toBe('B');
    for (const odd of [
      '//',
      '//?lang=en',
      '//x/dictionary/blockchain',
      '///dictionary/blockchain',
    ]) {
      const response = await fetch(`${origin}${odd}`);
      expect(response.status, odd).toBe(200);
      expect(await response.text(), odd).toContain('<title>B</title>');
    }
  });

  it('asks the browser to revalidate the HTML, for any route of the app', async () => {
    for (const route of ['/tokens/bitcoin', '/dictionary?q=wallet']) {
      const response = await fetch(`${origin}${route}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(response.headers.get('content-encoding'), route).toBe('br');
      expect(await response.text(), route).toContain('<title>B</title>');
    }
  });

  it('gives the compressed twins the same bytes once decoded', async () => {
    const file = path.join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
  });

  it('caches only what a content hash names', () => {
    expect(cacheControlFor('/assets/index-abc123.js')).toMatch(/immutable/);
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/token-icons/bitcoin.svg')).toBe('no-cache');
  });
});
