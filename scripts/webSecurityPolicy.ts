import type { Plugin } from 'vite';
import { contentSecurityPolicy } from '../shared/contentSecurityPolicy.ts';

// The web build under the desktop app's Content-Security-Policy. The built index.html carries it
// in a <meta> tag, so any static host enforces it; `vite preview` (and so `npm start`) also sends
// it as a header, which adds `frame-ancestors` (docs/hosted-deployment.md gives the header for
// other hosts). The dev server keeps neither: React refresh needs its inline script there.

/** `supabaseUrl` is the backend the renderer is built with (vite.config.ts reads it once). */
export function webSecurityPolicy(supabaseUrl: string): Plugin {
  return {
    name: 'blockademia:web-security-policy',
    transformIndexHtml(html, context) {
      if (context.server !== undefined) return html;
      const policy = contentSecurityPolicy(supabaseUrl, { meta: true });
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
          // First in <head>: the policy covers only what the page loads after it.
          injectTo: 'head-prepend',
        },
      ];
    },
    configurePreviewServer(server) {
      const policy = contentSecurityPolicy(supabaseUrl);
      server.middlewares.use((_request, response, next) => {
        response.setHeader('Content-Security-Policy', policy);
        next();
      });
    },
  };
}
