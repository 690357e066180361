import path from 'node:path';
import type { TFunction } from 'i18next';
import type { Plugin } from 'vite';
import { LANGUAGES, type Language } from '../shared/catalog.ts';
import { CATALOGUE_DIGEST_FILE, catalogueDigest, type Catalogue } from './catalogue.ts';
import {
  loadTranslations,
  prerenderedPages,
  type PrerenderedPage,
  type TextValues,
} from './prerenderPages.ts';
import { escapeXml as escapeHtml, siteOrigin, sitemapPages } from './sitemap.ts';

// Every public page as HTML that already holds its text, title, meta description, canonical
// address, hreflang alternates and Open Graph tags, one file per page and language under
// `prerendered/<language>/`: the build's index.html with the page written into it. The server
// (scripts/fastStaticSite.ts) answers `<path>?lang=<language>`, and `<path>` alone in French,
// with that file; the app then draws the page and takes the place of the written one
// (renderer/app/prerenderedView.ts). Pages of an account, of the admin area and unknown
// addresses keep the plain index.html.

/** Where the page of `pagePath` in `language` is written, inside the build. */
export function prerenderedFile(pagePath: string, language: Language): string {
  return `prerendered/${language}${pagePath === '/' ? '/index' : pagePath}.html`;
}

const OG_LOCALE: Record<Language, string> = { fr: 'fr_FR', en: 'en_US', es: 'es_ES' };

const address = (origin: string, pagePath: string, language?: Language) =>
  `${origin}${pagePath}${language === undefined ? '' : `?lang=${language}`}`;

/**
 * The written page's frame: a header of one line (the name, the other two languages), as high
 * as the app's, so that the text starts where the app's will; the sections' links at the end.
 */
function frame(language: Language, t: TFunction): { header: string; footer: string } {
  const sections = [
    '/dictionary',
    '/tokens',
    '/learning',
    '/strategies',
    '/risks',
    '/tools',
    '/faq',
  ]
    .map(
      (item) =>
        `<li><a href="${item}?lang=${language}">${escapeHtml(t(`pages:${item.slice(1)}.title`))}</a></li>`,
    )
    .join('');
  const languages = LANGUAGES.filter((other) => other !== language)
    .map(
      (other) =>
        `<a href="?lang=${other}" hreflang="${other}" lang="${other}">${other.toUpperCase()}</a>`,
    )
    .join(' ');
  return {
    header:
      `<header class="prerendered__header"><a class="prerendered__brand" href="/?lang=${language}">Blockademia</a>` +
      `<p class="prerendered__languages">${languages}</p></header>`,
    footer: `<footer class="prerendered__footer"><nav aria-label="${escapeHtml(t('common:footer.navigation'))}"><ul>${sections}</ul></nav></footer>`,
  };
}

/** index.html of the build, made into one page in one language. */
export function prerenderedDocument(
  template: string,
  page: PrerenderedPage,
  language: Language,
  origin: string,
  t: TFunction,
): string {
  const canonical = address(origin, page.path, language);
  const { header, footer } = frame(language, t);
  const title = page.title === 'Blockademia' ? page.title : `${page.title} · Blockademia`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...LANGUAGES.map(
      (other) =>
        `<link rel="alternate" hreflang="${other}" href="${escapeHtml(address(origin, page.path, other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(address(origin, page.path))}" />`,
    `<meta property="og:type" content="${page.path === '/' ? 'website' : 'article'}" />`,
    `<meta property="og:site_name" content="Blockademia" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
    ...LANGUAGES.filter((other) => other !== language).map(
      (other) => `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />`,
    ),
  ].join('\n    ');
  const replaced = (text: string, search: RegExp, replacement: string) => {
    if (!search.test(text)) throw new Error(`index.html has no ${search.source}.`);
    return text.replace(search, () => replacement);
  };
  let html = replaced(template, /<html lang="[a-z]+">/, `<html lang="${language}">`);
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = replaced(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  html = replaced(html, /<\/head>/, `  ${head}\n  </head>`);
  return replaced(
    html,
    /<div id="root"><\/div>/,
    `<div id="prerendered" class="prerendered">${header}<main>${page.main}</main>${footer}</div><div id="root"></div>`,
  );
}

export function prerenderPlugin(
  repoRoot: string,
  catalogue: () => Promise<Catalogue>,
  values: TextValues,
): Plugin {
  return {
    name: 'blockademia:prerender',
    apply: 'build',
    generateBundle: {
      // After Vite has written index.html with the build's file names into the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        // The Electron entries are built apart, without a page.
        if (index?.type !== 'asset' || typeof index.source !== 'string') return;
        const content = await catalogue();
        const paths = sitemapPages(content).map((page) => page.path);
        this.emitFile({
          type: 'asset',
          fileName: CATALOGUE_DIGEST_FILE,
          source: catalogueDigest(content),
        });
        const origin = siteOrigin();
        for (const language of LANGUAGES) {
          const t = loadTranslations(path.join(repoRoot, 'renderer/i18n/locales'), language);
          for (const page of prerenderedPages(paths, content, language, t, values)) {
            this.emitFile({
              type: 'asset',
              fileName: prerenderedFile(page.path, language),
              source: prerenderedDocument(index.source, page, language, origin, t),
            });
          }
        }
      },
    },
  };
}
