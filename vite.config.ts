import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueBackendFrom, catalogueOfBuild } from './scripts/catalogue.ts';
import { contentIndexPlugin } from './scripts/contentIndexPlugin.ts';
import { fastStaticSite } from './scripts/fastStaticSite.ts';
import { prerenderPlugin } from './scripts/prerender.ts';
import { sitemapPlugin } from './scripts/sitemap.ts';
import { webSecurityPolicy } from './scripts/webSecurityPolicy.ts';
import { PROJECT_LICENSE } from './renderer/features/partners/openSourceProjects.ts';
import { contactEmailFrom } from './shared/contactEmail.ts';
import { backendUrlFrom } from './shared/defaultBackendUrl.ts';

const repoRoot = import.meta.dirname;
const electronOutDir = path.join(repoRoot, 'dist-electron');

// `npm run dev` serves the web app only; `DESKTOP=1 npm run dev` also starts Electron (which needs
// the Electron binary, absent on machines without internet).
const startDesktop = process.env.DESKTOP === '1';

export default defineConfig(({ mode }) => {
  // The backend the build talks to, read as the renderer reads it (.env files and the
  // environment, blank as unset): the web policy and the desktop policy are made for it.
  const env = loadEnv(mode, repoRoot, 'VITE_');
  const backendUrl = backendUrlFrom(env['VITE_SUPABASE_URL']);
  // The catalogue the written pages and the sitemap say: the named backend's, else content/'s.
  const catalogue = catalogueOfBuild(catalogueBackendFrom(env), path.join(repoRoot, 'content'));
  return {
    root: path.join(repoRoot, 'renderer'),
    // Absolute asset URLs: history routing serves index.html at any depth (the desktop app too,
    // through its app:// protocol).
    base: '/',
    publicDir: path.join(repoRoot, 'renderer/public'),
    envDir: repoRoot,
    plugins: [
      react(),
      contentIndexPlugin(path.join(repoRoot, 'content')),
      sitemapPlugin(repoRoot, catalogue),
      prerenderPlugin(repoRoot, catalogue, {
        email: contactEmailFrom(env['VITE_CONTACT_EMAIL']),
        license: PROJECT_LICENSE,
      }),
      // Before the static files' handler, so its header is on every response.
      webSecurityPolicy(backendUrl),
      fastStaticSite(),
      // The offline service worker (renderer/offline/serviceWorker.ts): our own code, with the
      // list of the build's files injected, registered by renderer/offline/useAppUpdate.ts.
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'offline',
        filename: 'serviceWorker.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // Every page's code, the styles, the fonts (the PDF report's too), the icons and the
          // illustrations; not the compressed twins, which the server picks for the browser,
          // nor the pages written for crawlers (offline, the app draws every page itself).
          globPatterns: ['**/*.{js,css,html,svg,woff2,ttf}'],
          globIgnores: ['**/*.{br,gz}', 'prerendered/**'],
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        },
      }),
      electron([
        {
          entry: path.join(repoRoot, 'electron/main.ts'),
          onstart: async ({ startup }) => {
            if (startDesktop) await startup();
          },
          vite: {
            // The main process sets its Content-Security-Policy from the backend's address.
            define: {
              'process.env.VITE_SUPABASE_URL': JSON.stringify(backendUrl),
            },
            build: { outDir: electronOutDir, emptyOutDir: false },
          },
        },
        {
          entry: path.join(repoRoot, 'electron/preload.ts'),
          onstart: ({ reload }) => {
            if (startDesktop) reload();
          },
          // A sandboxed preload script cannot be an ES module.
          vite: {
            build: {
              outDir: electronOutDir,
              emptyOutDir: false,
              lib: {
                entry: path.join(repoRoot, 'electron/preload.ts'),
                formats: ['cjs'],
                fileName: () => 'preload.cjs',
              },
            },
          },
        },
      ]),
    ],
    build: {
      outDir: path.join(repoRoot, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 900,
      // The frame (layout, session, settings, platform, toasts) as one chunk: left to itself,
      // rolldown cuts modules it shares with lazy pages (antd's icons, atoms) into many small
      // chunks, and a first visit to / then downloads more, in more files (npm run bench).
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'shell',
                test: /renderer[\\/](layout|session|settings|platform|toasts)[\\/]/,
              },
            ],
          },
        },
      },
    },
    server: { port: 5173, strictPort: true, host: '127.0.0.1' },
    preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  };
});
