/// <reference lib="webworker" />
// The web build's service worker (built by vite-plugin-pwa into dist/serviceWorker.js). It keeps the app
// usable without a network: the app shell and every page's code are precached at install, so
// any route opens and the calculators compute offline; the catalogue's public reads (the
// dictionary, the token list and the sheets, prices, modules) are answered by the network
// first and by the last copy this browser received when the network fails. A new build waits
// until the person accepts the "new version" prompt (offline/useAppUpdate.ts), so an open page
// never mixes the code of two builds.
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

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// History routing: any page address is the app's index.html; a file opened by its address (the
// sitemap, robots.txt, the font's licence, an icon) is not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/\.(xml|xsl|txt|svg|png|ico|woff2|json|js|css|pdf)$/i],
  }),
);

const backend = new URL(backendUrlFrom(import.meta.env.VITE_SUPABASE_URL));
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === backend.origin &&
    CACHED_TABLES.has(url.pathname.replace(/^\/rest\/v1\//, '')),
  new NetworkFirst({
    cacheName: 'blockademia-reads',
    // A network that hangs is as good as none: after 5 s the last copy answers.
    networkTimeoutSeconds: 5,
    plugins: [
      { cacheKeyWillBeUsed: ({ request }) => Promise.resolve(readCacheKey(request)) },
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
