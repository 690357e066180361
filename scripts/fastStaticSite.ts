import { readdirSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import sirv from 'sirv';
import type { Plugin } from 'vite';
import { isLanguage } from '../renderer/i18n/languages.ts';

// The web build served like a fast site. At build, every text asset gets a brotli (`.br`) and a
// gzip (`.gz`) twin, compressed once at the highest level; `vite preview`, and so `npm start`,
// serves the twin the browser accepts, with long immutable caching for the content-hashed files
// under /assets/ and revalidation for everything else (index.html above all, which names the
// hashed files of the current build). docs/hosted-deployment.md gives the same headers for static hosts.

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|xsl|txt|map|webmanifest)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Files compressed at once. zlib's asynchronous calls run on libuv's pool of four threads: four
 * files at a time keep the pool busy while this thread reads and writes. One at a time, the
 * build's 1,600 text files (16 MB, most of it written pages) took 22 s here, brotli's highest
 * level nearly all of it; four at a time, 10 s.
 */
const FILES_AT_ONCE = 4;

/** Writes the `.br` and `.gz` twins of one file, each only when it is smaller. */
async function compressFile(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return true;
}

/** Writes `.br` and `.gz` beside each text file of `dir` that compression makes smaller. */
export async function precompress(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  // The compressors share one iterator: each takes the next file as soon as it is free.
  const queue = files.values();
  let written = 0;
  const compressor = async () => {
    for (const file of queue) {
      if (await compressFile(file)) written += 1;
    }
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, compressor));
  return written;
}

/** Hashed file names never change content: a year, immutable. The rest: ask every time. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The written page (scripts/prerender.ts) a request for a page asks for, when there is one:
 * `?lang=` names its language, French when it names none (the app then opens in the reader's
 * own choice). `written` holds the build's files under prerendered/, as `/prerendered/…`.
 */
export function prerenderedPath(url: string, written: ReadonlySet<string>): string | undefined {
  const [pathname = '', query = ''] = url.split('?', 2);
  // Only a plain path: `//host/…` is not one, and `/index` is not the home's address.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === '/index') {
    return undefined;
  }
  const asked = new URLSearchParams(query).get('lang');
  const language = isLanguage(asked) ? asked : 'fr';
  const file = `/prerendered/${language}${pathname === '/' ? '/index' : pathname}.html`;
  return written.has(file) ? file : undefined;
}

function writtenPages(outDir: string): Set<string> {
  const folder = path.join(outDir, 'prerendered');
  let names: string[];
  try {
    names = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch {
    return new Set();
  }
  return new Set(
    names
      .filter((name) => name.endsWith('.html'))
      .map((name) => `/prerendered/${name.split(path.sep).join('/')}`),
  );
}

export function fastStaticSite(): Plugin {
  // The build's folder as resolved (`--outDir`: the e2e suite builds into its own).
  let outDir = '';
  return {
    name: 'blockademia:fast-static-site',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Only after a client build: the Electron entries build into dist-electron/ meanwhile.
      if (!(await stat(path.join(outDir, 'index.html')).catch(() => undefined))) return;
      await precompress(outDir);
    },
    configurePreviewServer(server) {
      const written = writtenPages(outDir);
      // A page's address is answered with its written page, which sirv then serves as any file.
      server.middlewares.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && req.url !== undefined) {
          const file = prerenderedPath(req.url, written);
          if (file !== undefined) req.url = file;
        }
        next();
      });
      // Before Vite's own static handler: this one knows the twins and the caching rules.
      server.middlewares.use(
        sirv(outDir, {
          brotli: true,
          gzip: true,
          etag: true,
          // History routing: any other path is the app's index.html.
          single: true,
          setHeaders(res: ServerResponse, pathname: string) {
            res.setHeader('Cache-Control', cacheControlFor(pathname));
          },
        }),
      );
    },
  };
}
