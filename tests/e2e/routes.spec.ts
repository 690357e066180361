import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type PageKey, ROUTES, concreteUrl } from '../../renderer/app/routeTable';
import {
  LANGUAGES,
  type Language,
  contentTerm,
  openPage,
  text,
  usePreferences,
  watchConsole,
} from './support';

/** A learning module's title as content/ holds it: the stack's seed loads the same file. */
function contentModuleTitle(slug: string, language: Language): string {
  const file = join(import.meta.dirname, '../../content/learning', slug, 'module.json');
  const module = JSON.parse(readFileSync(file, 'utf8')) as {
    translations: Record<Language, { title: string }>;
  };
  return module.translations[language].title;
}

/** The h1 of a route's example URL: a term page or a sheet is named after its subject. */
function expectedHeading(page: PageKey, language: Language): string {
  if (page === 'home') return text(language, 'home', 'hero.title');
  if (page === 'dictionaryTerm') return contentTerm('blockchain').translations[language].title;
  if (page === 'tokenDetail') return 'Bitcoin';
  if (page === 'learningModule') return contentModuleTitle('what-is-a-blockchain', language);
  return text(language, 'pages', `${page}.title`);
}

/** The meta description of a page with a PageHeading, or of home; the others have their own. */
function expectedDescription(page: PageKey, language: Language): string | null {
  if (page === 'home') return text(language, 'common', 'brand.description');
  if (['dictionaryTerm', 'tokenDetail', 'learningModule'].includes(page)) return null;
  return text(language, 'pages', `${page}.intro`);
}

// Pages whose content is published; content-pages.both.spec.ts checks what they show.
const PUBLISHED = new Set([
  'home',
  'dictionary',
  'dictionaryTerm',
  'tokens',
  'tokenDetail',
  'favorites',
  'strategies',
  'risks',
  'contact',
  'faq',
  'about',
  'partners',
  'legal',
  'privacy',
  'cookies',
  'terms',
  'tools',
  'auth',
  'resetPassword',
  'learning',
  'learningModule',
]);

for (const language of LANGUAGES) {
  test.describe(`every route in ${language}`, () => {
    for (const route of ROUTES) {
      const url = concreteUrl(route);
      test(`${url} renders its page`, async ({ page }) => {
        const problems = watchConsole(page);
        await usePreferences(page, { language });
        await openPage(page, url);
        const heading = expectedHeading(route.page, language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page).toHaveTitle(
          route.page === 'home' ? 'Blockademia' : `${heading} · Blockademia`,
        );
        const description = expectedDescription(route.page, language);
        if (description !== null) {
          await expect(page.locator('meta[name="description"]')).toHaveAttribute(
            'content',
            description,
          );
        }
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        if (route.access === 'public' && !PUBLISHED.has(route.page)) {
          await expect(page.getByText(text(language, 'pages', 'state.notPublished'))).toBeVisible();
        }
        if (route.access !== 'public') {
          // Signed out: the page names itself and says what is needed, it shows nothing else.
          await expect(
            page.getByText(text(language, 'pages', 'state.signInRequired')),
          ).toBeVisible();
        }
        expect(problems).toEqual([]);
      });
    }

    test('an unknown path shows the 404 page with its suggestions', async ({ page }) => {
      const problems = watchConsole(page);
      await usePreferences(page, { language });
      await openPage(page, '/no/such/page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'common', 'notFound.title'),
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        text(language, 'common', 'notFound.text'),
      );
      const main = page.getByRole('main');
      await expect(
        main.getByRole('link', { name: text(language, 'common', 'notFound.home') }),
      ).toHaveAttribute('href', '/');
      const suggestions = main.getByRole('navigation').getByRole('link');
      await expect(suggestions).toHaveText([
        text(language, 'common', 'nav.tokens'),
        text(language, 'common', 'nav.dictionary'),
        text(language, 'common', 'nav.tools'),
        text(language, 'common', 'nav.faq'),
      ]);
      // The drawing comes from its own file (public/illustrations/), allowed by the policy: a
      // refused or missing file would leave its box empty, and the console would say so.
      const drawing = main.locator('.not-found__art use');
      await expect
        .poll(() => drawing.evaluate((use) => (use as SVGUseElement).getBBox().width))
        .toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });
  });
}

test('robots.txt and the sitemap are real files, for crawlers and for people', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(robots.headers()['cache-control']).toBe('no-cache');
  const lines = (await robots.text()).split('\n');
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin']));
  const sitemapLine = lines.find((line) => line.startsWith('Sitemap: '));
  expect(sitemapLine).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const xml = await sitemap.text();
  expect(xml).toContain('<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>');
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/dictionary\/blockchain\?lang=es<\/loc>/);
  const stylesheet = await request.get('/sitemap.xsl');
  expect(stylesheet.status()).toBe(200);
  expect(await stylesheet.text()).toContain('Plan du site · Site map · Mapa del sitio');
});

test('the address names the language of a visit, without changing the stored choice', async ({
  page,
}) => {
  await usePreferences(page, { language: 'fr' });
  await page.goto('/about?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('es', 'pages', 'about.title'),
  );
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('fr', 'pages', 'about.title'),
  );
});

test('every page is served under the Content-Security-Policy, which refuses inline scripts', async ({
  page,
}) => {
  const response = await page.goto('/tokens');
  const header = response?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("script-src 'self';");
  expect(header).toContain("frame-ancestors 'none'");
  // The <meta> copy, for static hosts that send no header, says the same but frame-ancestors.
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(meta).toBe(header.replace(/; frame-ancestors 'none'/, ''));

  // A script written into the page, as an injection would be, does not run and is reported.
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; refused: string }>((resolve) => {
        const marker = document.documentElement;
        document.addEventListener('securitypolicyviolation', (event) => {
          resolve({ ran: marker.dataset['injected'] === 'ran', refused: event.effectiveDirective });
        });
        const script = document.createElement('script');
        script.textContent = "document.documentElement.dataset.injected = 'ran';";
        document.head.append(script);
      }),
  );
  expect(outcome).toEqual({ ran: false, refused: 'script-src-elem' });
});
