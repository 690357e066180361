import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTES } from '../renderer/app/routeTable.ts';
import { LANGUAGES, type Language } from '../shared/catalog.ts';
import type { Catalogue } from './catalogue.ts';

// /sitemap.xml, its stylesheet for people (/sitemap.xsl) and /robots.txt, written at build from
// the route table and the catalogue (scripts/catalogue.ts). Each public page is listed once per language, at its address
// `?lang=<code>` (renderer/i18n/initialLanguage.ts), with the other languages as hreflang
// alternates and the address without `lang` as x-default (the visitor's own language).

export interface SitemapPage {
  /** The path, without the language. */
  path: string;
  /** YYYY-MM-DD: when the content was last reviewed, when it says. */
  lastmod?: string;
}

/** Pages that are someone's own or a step of a form, not content for a crawler. */
const NOT_LISTED = new Set(['/auth', '/favorites', '/reset-password']);

/** Every public page: the routes without a parameter, then each term, sheet and module. */
export function sitemapPages(catalogue: Catalogue): SitemapPage[] {
  const pages: SitemapPage[] = ROUTES.filter(
    (route) =>
      route.access === 'public' && !route.path.includes(':') && !NOT_LISTED.has(route.path),
  ).map((route) => ({ path: route.path }));
  const sorted = <T>(entries: readonly T[], key: (entry: T) => string) =>
    [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (const term of sorted(catalogue.terms, (term) => term.slug)) {
    pages.push({ path: `/dictionary/${term.slug}` });
  }
  for (const sheet of sorted(catalogue.tokens, (token) => token.id)) {
    pages.push({
      path: `/tokens/${sheet.id}`,
      ...(sheet.last_reviewed === null ? {} : { lastmod: sheet.last_reviewed }),
    });
  }
  for (const module of sorted(catalogue.modules, (module) => module.slug)) {
    pages.push({ path: `/learning/${module.slug}` });
  }
  return pages;
}

/** Text made safe inside XML or HTML, attribute values included. */
export const escapeXml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

const addressOf = (origin: string, pagePath: string, language?: Language): string =>
  `${origin}${pagePath}${language === undefined ? '' : `?lang=${language}`}`;

export function sitemapXml(pages: readonly SitemapPage[], origin: string): string {
  const alternates = (pagePath: string) =>
    [
      ...LANGUAGES.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(addressOf(origin, pagePath, language))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(addressOf(origin, pagePath))}"/>`,
    ].join('\n');
  const urls = pages.flatMap((page) =>
    LANGUAGES.map((language) =>
      [
        '  <url>',
        `    <loc>${escapeXml(addressOf(origin, page.path, language))}</loc>`,
        ...(page.lastmod === undefined ? [] : [`    <lastmod>${page.lastmod}</lastmod>`]),
        alternates(page.path),
        '  </url>',
      ].join('\n'),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    '# Blockademia: every public page may be read; the pages of an account and of the admin area',
    '# show a crawler nothing.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /profile',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The stylesheet that shows the sitemap to people: a table, titled in the three languages. */
export function sitemapXsl(
  titles: readonly { language: Language; title: string; intro: string }[],
) {
  const heading = titles.map(({ title }) => escapeXml(title)).join(' · ');
  const intros = titles
    .map(({ language, intro }) => `<p lang="${language}">${escapeXml(intro)}</p>`)
    .join('\n        ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="fr">
      <head>
        <meta charset="UTF-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>Blockademia · ${heading}</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2937; background: #fff; }
          @media (prefers-color-scheme: dark) { body { color: #e5e7eb; background: #111827; } a { color: #a5b4fc; } }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid #9ca3af; }
          td { overflow-wrap: anywhere; }
        </style>
      </head>
      <body>
        <h1>Blockademia · ${heading}</h1>
        ${intros}
        <table>
          <thead><tr><th scope="col">URL</th><th scope="col">lastmod</th></tr></thead>
          <tbody>
            <xsl:for-each select="s:urlset/s:url">
              <tr>
                <td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
                <td><xsl:value-of select="s:lastmod"/></td>
              </tr>
            </xsl:for-each>
          </tbody>
        </table>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
`;
}

/** SITE_URL, the address the site is served at (by default `npm start`'s), without a final /. */
export function siteOrigin(): string {
  return (process.env.SITE_URL ?? 'http://127.0.0.1:4173').replace(/\/+$/, '');
}

/**
 * Emits the three files into the build. The addresses are absolute, as sitemaps and robots.txt
 * require: SITE_URL, the address the site is served at (by default `npm start`'s).
 */
export function sitemapPlugin(repoRoot: string, catalogue: () => Promise<Catalogue>): Plugin {
  return {
    name: 'blockademia:sitemap',
    apply: 'build',
    generateBundle: {
      // After Vite has put index.html into the bundle: the Electron entries, built apart, have
      // none, and get no sitemap.
      order: 'post',
      async handler(_options, bundle) {
        if (bundle['index.html'] === undefined) return;
        const origin = siteOrigin();
        const titles = LANGUAGES.map((language) => {
          const pages = JSON.parse(
            readFileSync(
              path.join(repoRoot, 'renderer/i18n/locales', language, 'pages.json'),
              'utf8',
            ),
          ) as { sitemap: { title: string; intro: string } };
          return { language, ...pages.sitemap };
        });
        const pages = sitemapPages(await catalogue());
        this.emitFile({
          type: 'asset',
          fileName: 'sitemap.xml',
          source: sitemapXml(pages, origin),
        });
        this.emitFile({ type: 'asset', fileName: 'sitemap.xsl', source: sitemapXsl(titles) });
        this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(origin) });
      },
    },
  };
}
