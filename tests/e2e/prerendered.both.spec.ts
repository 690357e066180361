import { expect, test } from './fixtures';
import { LANGUAGES, contentTerm, expectNoAxeViolations, text } from './support';

// The pages written at build (scripts/prerender.ts), as a crawler or a reader without
// JavaScript gets them from the production server, and the app taking their place.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of LANGUAGES) {
    test(`a term page holds its text, head and links in ${language}`, async ({ page }) => {
      const term = contentTerm('blockchain').translations[language];
      await page.goto(`/dictionary/blockchain?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page).toHaveTitle(`${term.title} · Blockademia`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        term.short_definition,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/dictionary/blockchain\\?lang=${language}$`),
      );
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(4);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${term.title} · Blockademia`,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(term.title);
      await expect(page.getByText(term.short_definition)).toBeVisible();
      // A related term is a plain link to its own written page, in the same language.
      const block = contentTerm('block').translations[language].title;
      await page
        .getByRole('main')
        .getByRole('listitem')
        .getByRole('link', { name: block, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/dictionary/block\\?lang=${language}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(block);
    });
  }
});

test.describe('without the app’s code', () => {
  test('a sheet and the home can be read, and have no axe violation', async ({
    page,
    consoleWatch,
  }) => {
    // The app's code never arrives: what is read and checked is the written page alone (axe
    // itself needs the page to run scripts, so they are not turned off).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/tokens/bitcoin?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin (BTC)');
    await expect(
      page.getByRole('heading', { name: text('en', 'tokens', 'sheet.history') }),
    ).toBeVisible();
    await expect(page.getByText(text('en', 'common', 'notAdvice.text'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('fr', 'home', 'hero.title'),
    );
    await expectNoAxeViolations(page);
    consoleWatch.expectFailedRequests('/assets/');
  });
});

test.describe('in a system set to dark colours', () => {
  test.use({ colorScheme: 'dark' });

  test('the written page is dark from its first paint, as the app will be', async ({
    page,
    consoleWatch,
  }) => {
    // The app's default theme follows the system: before its code runs, the CSS does.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/dictionary/blockchain?lang=en');
    const background = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(await background()).toBe('rgb(11, 16, 32)');
    await expectNoAxeViolations(page);
    consoleWatch.expectFailedRequests('/assets/');
    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background()).toBe('rgb(11, 16, 32)');
  });
});

test('the app takes the written page’s place once it has drawn the page', async ({ page }) => {
  await page.goto('/tokens/bitcoin?lang=en');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin');
  // The app's own controls, which the written page does not have.
  const star = text('en', 'tokens', 'favorite.toggle').replace('{{name}}', 'Bitcoin');
  await expect(page.getByRole('button', { name: star })).toBeVisible();
});
