import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openPage, text, usePreferences } from './support';

// The long pages' outline, at 1440px (beside the text) and 375px (a bar that folds): it leads
// to each section and marks the one being read, a section's address opens it (also after a
// language change), and a button leads back to the top.

const outline = (page: Page, language: 'fr' | 'en' | 'es', label: string): Locator =>
  page.getByRole('navigation', { name: text(language, 'pages', label) });

/** The outline's links, after opening the folded bar on a phone. */
async function outlineLinks(nav: Locator): Promise<Locator> {
  const summary = nav.locator('summary');
  if (await summary.isVisible()) {
    await summary.click();
  }
  return nav.getByRole('link');
}

/** Whether the element's top sits in the upper part of the screen, below the sticky bars. */
async function expectAtTop(section: Locator): Promise<void> {
  await expect
    .poll(async () => section.evaluate((element) => element.getBoundingClientRect().top))
    .toBeGreaterThanOrEqual(0);
  const top = await section.evaluate((element) => element.getBoundingClientRect().top);
  const height = await section.page().evaluate(() => window.innerHeight);
  expect(top).toBeLessThan(height / 3);
}

test('strategies: the comparison table, then the outline leads to a strategy and marks it', async ({
  page,
}) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/strategies');
  const table = page.getByRole('table', { name: text('fr', 'pages', 'strategies.compare.title') });
  await expect(table.getByRole('row')).toHaveCount(14);
  await expect(table.getByRole('columnheader')).toHaveText([
    text('fr', 'pages', 'strategies.compare.strategy'),
    text('fr', 'pages', 'strategies.compare.risk'),
    text('fr', 'pages', 'strategies.compare.horizon'),
    text('fr', 'pages', 'strategies.compare.effort'),
    text('fr', 'pages', 'strategies.compare.skills'),
  ]);
  const scalping = table.getByRole('row', {
    name: text('fr', 'strategies', 'items.scalping.name'),
  });
  await expect(scalping.getByRole('cell')).toHaveText([
    text('fr', 'pages', 'strategies.compare.level.high'),
    text('fr', 'pages', 'strategies.compare.horizons.intraday'),
    text('fr', 'pages', 'strategies.compare.level.high'),
    text('fr', 'pages', 'strategies.compare.skillLevel.advanced'),
  ]);

  const nav = outline(page, 'fr', 'strategies.toc');
  const links = await outlineLinks(nav);
  await expect(links).toHaveCount(15);
  await links.filter({ hasText: text('fr', 'strategies', 'items.scalping.name') }).click();
  await expect(page).toHaveURL(/\/strategies#scalping$/);
  await expectAtTop(page.locator('#scalping'));
  await expect(nav.locator('[aria-current="location"]')).toHaveText(
    text('fr', 'strategies', 'items.scalping.name'),
  );
  await expectNoAxeViolations(page);
});

test("a section's address opens it, and it stays in view when the language changes", async ({
  page,
}) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/risks#tax');
  const section = page.locator('#tax');
  await expectAtTop(section);
  const nav = outline(page, 'fr', 'risks.toc');
  await expect(nav.locator('[aria-current="location"]')).toHaveText(
    text('fr', 'risks', 'items.tax.name'),
  );

  await page.getByRole('button', { name: text('fr', 'common', 'language.label') }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('es', 'pages', 'risks.title'),
  );
  await expectAtTop(section);
  await expect(outline(page, 'es', 'risks.toc').locator('[aria-current="location"]')).toHaveText(
    text('es', 'risks', 'items.tax.name'),
  );
});

test('the heading of a section links to it, and the way back to the top returns focus there', async ({
  page,
}) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tokens/bitcoin');
  const history = page.getByRole('heading', {
    level: 2,
    name: text('en', 'tokens', 'sheet.history'),
  });
  await expect(history.getByRole('link')).toHaveAttribute('href', '#history');
  await history.getByRole('link').click();
  await expect(page).toHaveURL(/\/tokens\/bitcoin#history$/);
  await expectAtTop(page.locator('#history'));

  const backToTop = page.getByRole('button', { name: text('en', 'common', 'outline.backToTop') });
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('main')).toBeFocused();
  await expect(backToTop).toBeHidden();
});

test('the FAQ and a legal text open at the section their address names', async ({ page }) => {
  await usePreferences(page, { language: 'es' });
  await openPage(page, '/faq#faq-privacy');
  await expectAtTop(page.locator('#faq-privacy'));
  await openPage(page, '/privacy#privacy-3');
  await expectAtTop(page.locator('#privacy-3'));
  const nav = page.getByRole('navigation', { name: text('es', 'common', 'outline.label') });
  await expect(await outlineLinks(nav)).toHaveCount(
    await page.locator('.legal-page .content-section').count(),
  );
});

test('on a phone the folded outline opens and closes from the keyboard', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the outline folds on narrow screens only');
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/risks');
  const nav = outline(page, 'en', 'risks.toc');
  const summary = nav.locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  const first = nav.getByRole('link', { name: text('en', 'risks', 'items.volatility.name') });
  await expect(first).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();
  await expect(summary).toBeFocused();
});
