/// <reference lib="webworker" />
// The web build's service worker (built by vite-plugin-pwa into dist/serviceWorker.js). It keeps the app
// usable without a network: the app shell and every page's code are precached at install, so
// any route opens and the calculators compute offline; the catalogue's public reads (the
// dictionary, the token list and the sheets, prices, modules) are answered by the network
// first and by the last copy this browser received when the network fails. A new build waits
// until the person accepts the "new version" prompt (offline/useAppUpdate.ts), so an open page
// never mixes the code of two builds.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { backendUrlFrom } from '../../shared/defaultBackendUrl';
import { CACHED_TABLES, readCacheKey } from './cachedReads';
import { READS_CACHE } from './offlineCopies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first visit's page is taken in hand at once, so what it reads is kept. (A newer build still
// waits for the visitor: it only takes over after the prompt's "Reload".)
clientsClaim();

// History routing: any page address is the app's index.html; a file opened by its address (the
// sitemap, robots.txt, the font's licence, an icon) is not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/\.(xml|xsl|txt|svg|png|ico|woff2|ttf|json|js|css|pdf)(\?.*)?$/i],
  }),
);

const backend = new URL(backendUrlFrom(import.meta.env.VITE_SUPABASE_URL));
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === backend.origin &&
    CACHED_TABLES.has(url.pathname.replace(/^\/rest\/v1\//, '')),
  new NetworkFirst({
    cacheName: READS_CACHE,
    // No time limit: a slow answer is still the current one. An old copy only when the network
    // is gone, so an editor never fills a form from a stale copy while the server answers.
    plugins: [
      { cacheKeyWillBeUsed: ({ request }) => Promise.resolve(readCacheKey(request)) },
      // A backend or proxy in trouble (502, 503…) is no better than no network.
      {
        fetchDidSucceed: ({ response }) =>
          response.status >= 500
            ? Promise.reject(new Error(`The backend answered ${String(response.status)}`))
            : Promise.resolve(response),
      },
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
