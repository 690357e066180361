import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, type Language, openPage, text, usePreferences, watchConsole } from './support';

// The reading pages in each language, at 1440px (desktop project) and 375px (mobile project):
// their parts are all there, the money pages carry the notice, terms link to the dictionary, and
// nothing overflows the screen sideways.

function legalSections(language: Language, document: string): { heading: string }[] {
  const file = join(import.meta.dirname, '../../renderer/i18n/locales', language, 'legal.json');
  const legal = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { sections?: { heading: string }[] }
  >;
  return legal[document]?.sections ?? [];
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const main = (page: Page) => page.getByRole('main');

for (const language of LANGUAGES) {
  test.describe(`content pages in ${language}`, () => {
    let problems: string[] = [];
    test.beforeEach(async ({ page }) => {
      problems = watchConsole(page);
      await usePreferences(page, { language });
    });
    test.afterEach(() => {
      expect(problems).toEqual([]);
    });

    test('strategies: 13 strategies with their risk level, 3 case studies', async ({ page }) => {
      await openPage(page, '/strategies');
      await expect(main(page).getByText(text(language, 'common', 'notAdvice.title'))).toBeVisible();
      const strategyHeadings = main(page).locator('.content-stack').getByRole('heading', {
        level: 2,
      });
      await expect(strategyHeadings).toHaveCount(13);
      await expect(strategyHeadings.first()).toHaveText(
        text(language, 'strategies', 'items.buyAndHold.name'),
      );
      const high = text(language, 'pages', 'strategies.riskLevel.high');
      await expect(
        main(page).getByText(text(language, 'pages', 'strategies.risk').replace('{{level}}', high)),
      ).toHaveCount(6);
      await expect(
        main(page).getByRole('heading', {
          name: text(language, 'strategies', 'caseStudies.experienced.title'),
        }),
      ).toBeVisible();
      await expect(main(page).locator('a[href^="/dictionary/"]').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    });

    test('risks: 12 risks, 7 practices, and the way to the tools', async ({ page }) => {
      await openPage(page, '/risks');
      await expect(main(page).getByText(text(language, 'common', 'notAdvice.title'))).toBeVisible();
      await expect(
        main(page).locator('.content-stack').getByRole('heading', { level: 2 }),
      ).toHaveCount(12);
      await expect(main(page).locator('.practice-list > li')).toHaveCount(7);
      await expect(
        main(page).getByRole('heading', {
          level: 3,
          name: `${text(language, 'pages', 'risks.example')} · ${text(language, 'risks', 'items.volatility.example.when')}`,
        }),
      ).toBeVisible();
      // Each real example is a region named after its risk (axe's landmark-unique).
      await expect(
        main(page).getByRole('region', {
          name: `${text(language, 'pages', 'risks.example')} · ${text(language, 'risks', 'items.volatility.example.when')} ${text(language, 'risks', 'items.volatility.name')}`,
          exact: true,
        }),
      ).toBeVisible();
      const toTools = main(page).getByRole('link', { name: text(language, 'risks', 'cta.action') });
      await expect(toTools).toHaveAttribute('href', '/tools');
      await expectNoSidewaysScroll(page);
      await toTools.click();
      await expect(page).toHaveURL(/\/tools$/);
    });

    test('faq: 22 questions in 4 categories, searchable, opened by keyboard', async ({ page }) => {
      await openPage(page, '/faq');
      const questions = main(page).locator('details.faq-item');
      await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(4);
      await expect(questions).toHaveCount(22);

      const search = main(page).getByRole('searchbox', {
        name: text(language, 'pages', 'faq.searchLabel'),
      });
      await search.fill('zzqxw');
      await expect(
        main(page).getByText(text(language, 'common', 'messages.noResults')),
      ).toBeVisible();
      await search.fill('');
      await expect(questions).toHaveCount(22);

      const first = questions.first();
      const answer = first.locator('p');
      await expect(answer).toBeHidden();
      await first.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('open', '');
      await expect(answer).toBeVisible();
      await expectNoSidewaysScroll(page);
    });

    test('about: mission, values, offer, contact and disclaimer', async ({ page }) => {
      await openPage(page, '/about');
      for (const key of ['mission', 'values', 'offer', 'contact', 'disclaimer']) {
        await expect(
          main(page).getByRole('heading', {
            level: 2,
            name: text(language, 'about', `${key}.title`),
          }),
        ).toBeVisible();
      }
      await expect(main(page).getByRole('heading', { level: 3 })).toHaveCount(4);
      // The value cards keep a reading width: two side by side on a wide screen, one on a phone.
      const cardWidths = await main(page)
        .locator('.content-card')
        .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().width));
      expect(cardWidths).toHaveLength(4);
      for (const width of cardWidths) expect(width).toBeGreaterThanOrEqual(300);
      await expectNoSidewaysScroll(page);
    });

    for (const [url, document] of [
      ['/legal', 'notice'],
      ['/privacy', 'privacy'],
      ['/cookies', 'cookies'],
      ['/terms', 'terms'],
    ] as const) {
      test(`${url}: every section of the ${document} text`, async ({ page }) => {
        await openPage(page, url);
        const sections = legalSections(language, document);
        expect(sections.length).toBeGreaterThan(0);
        await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
          sections.map((section) => section.heading),
        );
        await expect(main(page).getByText(text(language, 'legal', 'updated'))).toBeVisible();
        await expectNoSidewaysScroll(page);
      });
    }
  });
}
