import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, isAbsolute } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin';

/**
 * Serves the built renderer (`dist/`) under `app://blockademia/`. A custom protocol instead of
 * `file://` gives the page a real origin and lets us decide exactly which files are reachable.
 */

/** Must run before the app is ready: Chromium reads privileged schemes at start-up. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        // standard: relative URLs, history routing and a real origin; secure: treated like https.
        standard: true,
        secure: true,
        supportFetchAPI: true,
        corsEnabled: false,
      },
    },
  ]);
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

// Chromium and the URL parser fold `%2e%2e` segments before we see them, but the check must not
// depend on who built the Request: any encoded dot, slash, backslash or NUL in the path is refused.
const ENCODED_PATH_TRICK = /%2e|%2f|%5c|%00|\\/i;

/** The decoded path segments of an `app://blockademia/...` URL, or null if it must not be served. */
function requestedSegments(rawUrl: string): string[] | null {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (ENCODED_PATH_TRICK.test(rawPath)) return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return null;
  const segments: string[] = [];
  for (const encoded of url.pathname.split('/')) {
    if (encoded === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    // Dot segments (and dotfiles such as Vite's .vite/manifest.json) are never part of the app;
    // ':' would name a drive or an alternate data stream on Windows.
    if (segment.startsWith('.') || /[/\\:\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

function isInside(root: string, candidate: string): boolean {
  const fromRoot = relative(root, candidate);
  return fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
}

function isMissingFileError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function emptyResponse(status: number): Response {
  return new Response(null, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export function createAppRequestHandler(
  rootDir: string,
  contentSecurityPolicy: string,
): (request: Request) => Promise<Response> {
  const root = resolve(rootDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return emptyResponse(405);
    const segments = requestedSegments(request.url);
    if (segments === null) return emptyResponse(404);

    // The app uses history routing (/tokens, /dictionary/bitcoin): any path without a file
    // extension is a route and gets the single page. A path with one names an asset.
    const last = segments.at(-1);
    const isRoute = last === undefined || extname(last) === '';
    const filePath = isRoute ? join(root, 'index.html') : resolve(root, ...segments);
    if (!isInside(root, filePath)) return emptyResponse(404);

    let body: Buffer;
    try {
      body = await readFile(filePath);
    } catch (error) {
      if (isMissingFileError(error)) return emptyResponse(404);
      console.error('Could not read an app file', error);
      return emptyResponse(500);
    }
    const contentType =
      CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': contentType,
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}
