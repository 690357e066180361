import { expect, test } from '@playwright/test';
import { openPage, text, usePreferences, watchConsole } from './support';

const en = (path: string) => text('en', 'common', path);

test.describe('frame at 375px', () => {
  test.beforeEach(async ({ page }) => {
    await usePreferences(page, { language: 'en' });
  });

  test('the header keeps the brand, the switchers and the menu button only', async ({ page }) => {
    const problems = watchConsole(page);
    await openPage(page, '/');
    await expect(page.getByRole('navigation', { name: en('nav.mainNavigation') })).toBeHidden();
    await expect(page.getByRole('button', { name: en('nav.openMenu') })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the drawer is 280px wide, lists every link, and closes on navigation', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: en('nav.openMenu') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box?.width).toBeCloseTo(280, 0);
    await expect(drawer.getByRole('link')).toHaveText([
      'Home',
      'Dictionary',
      'Tokens',
      'Learning',
      'Strategies',
      'Tools',
      'FAQ',
      'Risks',
      'About',
      'Partners',
      'Contact',
      'Login',
    ]);
    await drawer.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toBeHidden();
  });

  test('the drawer is 320px wide from the small breakpoint', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await openPage(page, '/');
    await page.getByRole('button', { name: en('nav.openMenu') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box?.width).toBeCloseTo(320, 0);
  });

  test('the footer groups are accordions, one open at a time, collapsible', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { level: 2 })).toHaveCount(0);
    const summaries = footer.locator('summary');
    await expect(summaries).toHaveText(['Navigation', 'Learn', 'Legal and contact']);
    // No browser triangle (it only shows on a list-item): an antd chevron, as in the header.
    await expect(summaries.first()).toHaveCSS('display', 'flex');
    await expect(summaries.first()).toHaveCSS('list-style-type', 'none');
    await expect(summaries.locator('.anticon-down')).toHaveCount(3);
    const groups = footer.locator('details');
    await summaries.nth(0).click();
    await expect(footer.getByRole('link', { name: 'Tools' })).toBeVisible();
    await summaries.nth(1).click();
    await expect(groups.nth(1)).toHaveAttribute('open', '');
    await expect(groups.nth(0)).not.toHaveAttribute('open', '');
    await expect(footer.getByRole('link', { name: 'Tools' })).toBeHidden();
    await summaries.nth(1).click();
    await expect(groups.locator('[open]')).toHaveCount(0);
    await expect(footer.locator('details[open]')).toHaveCount(0);
  });

  test('the bottom bar: 4rem, five tabs, the exact path active, nothing hidden behind it', async ({
    page,
  }) => {
    await openPage(page, '/dictionary');
    const bar = page.getByRole('navigation', { name: en('nav.tabBar') });
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())?.height).toBe(64);
    await expect(bar.getByRole('link')).toHaveText([
      'Home',
      'Dictionary',
      'Tokens',
      'Learning',
      'Tools',
    ]);
    await expect(bar.getByRole('link', { name: 'Dictionary' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);

    await openPage(page, '/dictionary/blockchain');
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);

    await bar.getByRole('link', { name: 'Tokens' }).click();
    await expect(page).toHaveURL(/\/tokens$/);
    await expect(bar.getByRole('link', { name: 'Tokens' })).toHaveAttribute('aria-current', 'page');
    // The list arrives from the backend after the page, 40 rows at a time: measure the page at
    // its full length.
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Show all 267' }).click();
    await expect(page.getByRole('main').locator('tbody tr')).toHaveCount(267);

    // Scrolled to the very end, the last line of the footer is above the bar.
    await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    const footerEnd = await page.getByRole('contentinfo').boundingBox();
    const barBox = await bar.boundingBox();
    expect(footerEnd && barBox && footerEnd.y + footerEnd.height).toBeLessThanOrEqual(
      (barBox?.y ?? 0) + 1, // sub-pixel rounding
    );
  });
});

for (const language of ['fr', 'en', 'es'] as const) {
  test(`every tab label is whole at 375px in ${language}, the longest word included`, async ({
    page,
  }) => {
    await usePreferences(page, { language });
    await openPage(page, '/');
    const labels = page
      .getByRole('navigation', { name: text(language, 'common', 'nav.tabBar') })
      .locator('.tab-bar__label');
    await expect(labels).toHaveCount(5);
    const cut = await labels.evaluateAll((spans) =>
      spans.filter((span) => span.scrollWidth > span.clientWidth).map((span) => span.textContent),
    );
    expect(cut).toEqual([]);
  });
}
