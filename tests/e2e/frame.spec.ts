import { expect, test } from '@playwright/test';
import { openPage, text, usePreferences, watchConsole } from './support';

const en = (path: string) => text('en', 'common', path);

test.describe('frame at 1440px', () => {
  test.beforeEach(async ({ page }) => {
    await usePreferences(page, { language: 'en' });
  });

  test('the header shows the main links, Resources, the switchers and Login', async ({ page }) => {
    const problems = watchConsole(page);
    await openPage(page, '/');
    const nav = page.getByRole('navigation', { name: en('nav.mainNavigation') });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Dictionary',
      'Tokens',
      'Learning',
      'Strategies',
    ]);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveClass(/active/);
    await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: en('nav.openMenu') })).toBeHidden();
    await expect(page.getByRole('navigation', { name: en('nav.tabBar') })).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the header stays on screen while the page scrolls', async ({ page }) => {
    await openPage(page, '/');
    await page.mouse.wheel(0, 2000);
    await expect(page.getByRole('banner')).toBeInViewport();
  });

  test('Resources opens 4px under its button and leads to Tools, FAQ and Risks', async ({
    page,
  }) => {
    await openPage(page, '/');
    const trigger = page.getByRole('button', { name: 'Resources' });
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Tools', 'FAQ', 'Risks']);
    const triggerBox = await trigger.boundingBox();
    const menuBox = await menu.boundingBox();
    expect(
      triggerBox && menuBox && Math.round(menuBox.y - (triggerBox.y + triggerBox.height)),
    ).toBe(4);
    await menu.getByRole('menuitem', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'pages', 'faq.title'),
    );
  });

  test('the footer shows its three groups, the mail link and the year', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { level: 2 })).toHaveText([
      'Navigation',
      'Learn',
      'Legal and contact',
    ]);
    const links: [string, string][] = [
      ['Dictionary', '/dictionary'],
      ['Tools', '/tools'],
      ['Strategies', '/strategies'],
      ['About', '/about'],
      ['Partners', '/partners'],
      ['Legal notice', '/legal'],
      ['Privacy', '/privacy'],
      ['Cookies', '/cookies'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: en('footer.writeUs') })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Blockademia`);
    await expect(footer.locator('summary')).toHaveCount(3);
    await expect(footer.locator('summary').first()).toBeHidden();
  });

  test('a new route starts at the top of the page', async ({ page }) => {
    await openPage(page, '/');
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('one animated canvas sits behind the page', async ({ page }) => {
    await openPage(page, '/');
    const canvas = page.locator('canvas');
    await expect(canvas).toHaveCount(1);
    await expect(canvas).toHaveAttribute('aria-hidden', 'true');
    await openPage(page, '/tokens');
    await expect(page.locator('canvas')).toHaveCount(1);
  });
});
