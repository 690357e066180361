import path from 'node:path';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { prerenderedDocument, prerenderedFile } from '../../scripts/prerender.ts';
import {
  loadTranslations,
  prerenderedPages,
  type PrerenderedPage,
} from '../../scripts/prerenderPages.ts';
import { sitemapPages } from '../../scripts/sitemap.ts';
import { readCatalogue, type Catalogue } from '../../scripts/catalogue.ts';
import { LANGUAGES, type Language } from '../../shared/catalog.ts';

// The pages written at build for crawlers and for people without JavaScript
// (scripts/prerender.ts), from the real content/ and translations.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const contentDir = path.join(repoRoot, 'content');
const localesDir = path.join(repoRoot, 'renderer/i18n/locales');
const ORIGIN = 'https://blockademia.example';
const TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <meta name="description" content="Blockademia : l'école." />
    <title>Blockademia</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let paths: string[];
let content: Catalogue;
const translations = {} as Record<Language, TFunction>;
const pages = {} as Record<Language, Map<string, PrerenderedPage>>;

beforeAll(async () => {
  content = await readCatalogue(undefined, contentDir);
  paths = sitemapPages(content).map((page) => page.path);
  for (const language of LANGUAGES) {
    translations[language] = loadTranslations(localesDir, language);
    pages[language] = new Map(
      prerenderedPages(paths, content, language, translations[language], {
        email: 'contact@blockademia.example',
        license: 'MIT',
      }).map((page) => [page.path, page]),
    );
  }
});

const documentOf = (pagePath: string, language: Language): string => {
  const page = pages[language].get(pagePath);
  if (page === undefined) throw new Error(`No page ${pagePath} in ${language}`);
  return prerenderedDocument(TEMPLATE, page, language, ORIGIN, translations[language]);
};

describe('the pages written at build', () => {
  it('writes every page of the sitemap in each language, with its title, description and h1', () => {
    for (const language of LANGUAGES) {
      expect([...pages[language].keys()]).toEqual(paths);
      for (const page of pages[language].values()) {
        expect(page.title, `${language} ${page.path}`).not.toBe('');
        expect(page.description.length, `${language} ${page.path}`).toBeGreaterThan(20);
        expect(page.main.match(/<h1[ >]/g), `${language} ${page.path}`).toHaveLength(1);
        expect(page.main, `${language} ${page.path}`).not.toMatch(/\{\{|undefined|\[object/);
        // Headings go down one level at a time: no h4 straight under an h2.
        const levels = [...page.main.matchAll(/<h([1-6])[ >]/g)].map((match) => Number(match[1]));
        levels.forEach((level, index) => {
          expect(level - (levels[index - 1] ?? 0), `${language} ${page.path}`).toBeLessThanOrEqual(
            1,
          );
        });
      }
    }
    expect(new Set(LANGUAGES.map((language) => prerenderedFile('/', language)))).toEqual(
      new Set([
        'prerendered/fr/index.html',
        'prerendered/en/index.html',
        'prerendered/es/index.html',
      ]),
    );
    expect(prerenderedFile('/dictionary/blockchain', 'en')).toBe(
      'prerendered/en/dictionary/blockchain.html',
    );
  });

  it('gives a term page its text, its head and its links in each language', () => {
    const term = content.terms.find((entry) => entry.slug === 'blockchain');
    if (term === undefined) throw new Error('no blockchain term');
    for (const language of LANGUAGES) {
      const text = term.translations[language];
      const html = documentOf('/dictionary/blockchain', language);
      const escaped = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<title>${escaped(text.title)} · Blockademia</title>`);
      expect(html).toContain(
        `<meta name="description" content="${escaped(text.short_definition)}" />`,
      );
      expect(html).toContain(
        `<link rel="canonical" href="${ORIGIN}/dictionary/blockchain?lang=${language}" />`,
      );
      for (const other of LANGUAGES) {
        expect(html).toContain(
          `<link rel="alternate" hreflang="${other}" href="${ORIGIN}/dictionary/blockchain?lang=${other}" />`,
        );
      }
      expect(html).toContain(
        `<link rel="alternate" hreflang="x-default" href="${ORIGIN}/dictionary/blockchain" />`,
      );
      expect(html).toContain(
        `<meta property="og:title" content="${escaped(text.title)} · Blockademia" />`,
      );
      expect(html).toContain(
        `<meta property="og:url" content="${ORIGIN}/dictionary/blockchain?lang=${language}" />`,
      );
      // The page's own text, the related terms as links in the same language, the app's script.
      expect(html).toContain(`<h1 class="page-heading__title">${escaped(text.title)}</h1>`);
      expect(html).toContain(escaped(text.short_definition));
      expect(html).toContain(escaped((text.example ?? '').slice(0, 40)));
      for (const related of term.related) {
        expect(html).toContain(`href="/dictionary/${related}?lang=${language}"`);
      }
      expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
      expect(html).toMatch(/<div id="prerendered"[^>]*>.*<\/div><div id="root"><\/div>/s);
      // One description only: index.html's French one is replaced.
      expect(html.match(/name="description"/g)).toHaveLength(1);
    }
  });

  it('writes each sheet in full, with dictionary links and the notice, and no empty section', () => {
    const html = pages.fr.get('/tokens/bitcoin')?.main ?? '';
    const bitcoin = content.tokens.find((token) => token.id === 'bitcoin');
    expect(bitcoin).toBeDefined();
    for (const part of [bitcoin?.translations.fr.history, bitcoin?.translations.fr.technology]) {
      expect(html).toContain((part ?? '').slice(0, 20));
    }
    expect(html).toMatch(/<a href="\/dictionary\/[a-z0-9-]+\?lang=fr">/);
    expect(html).toContain(translations.fr('common:notAdvice.text').slice(0, 30));
    // Its useful links, the provider's page for the coin among them, labelled as in the app.
    expect(html).toContain(
      `<a href="${bitcoin?.links.provider ?? ''}">${translations.fr('tokens:sheet.providerPage')}</a>`,
    );
    for (const page of pages.en.values()) {
      expect(page.main, page.path).not.toMatch(/<section><h2>[^<]*<\/h2><\/section>/);
    }
  });

  it('labels the parts of the strategies and risks as the pages do', () => {
    const strategies = pages.en.get('/strategies')?.main ?? '';
    expect(strategies).toContain(`<h3>${translations.en('pages:strategies.pros')}</h3>`);
    expect(strategies).toContain(`<h3>${translations.en('pages:strategies.cons')}</h3>`);
    expect(strategies).toContain(`<h2>${translations.en('pages:strategies.caseStudies')}</h2>`);
    const risks = pages.es.get('/risks')?.main ?? '';
    expect(risks).toContain(`<h3>${translations.es('pages:risks.example')}</h3>`);
    expect(risks).toContain(`<h2>${translations.es('pages:risks.practices')}</h2>`);
  });

  it('sets French punctuation and escapes what the texts hold', () => {
    expect(pages.fr.get('/dictionary')?.main).toContain('</a>\u202f: ');
    expect(pages.en.get('/dictionary')?.main).toContain('</a>: ');
    const risky: PrerenderedPage = {
      path: '/about',
      title: 'A <b>bold</b> "title" & more',
      description: 'Say "<script>alert(1)</script>"',
      main: '<h1>x</h1>',
    };
    const html = prerenderedDocument(TEMPLATE, risky, 'en', ORIGIN, translations.en);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<title>A &lt;b&gt;bold&lt;/b&gt; &quot;title&quot; &amp; more · Blockademia</title>',
    );
    expect(() =>
      prerenderedDocument(
        '<html lang="fr"><head></head><body></body></html>',
        risky,
        'en',
        ORIGIN,
        translations.en,
      ),
    ).toThrow(/title/);
  });
});
