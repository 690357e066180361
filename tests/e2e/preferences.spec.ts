import { expect, test } from '@playwright/test';
import { confirmedAdmin, signInWith } from './accounts';
import { openPage, text, usePreferences } from './support';

test.describe('language and theme', () => {
  test('French by default, English once chosen, still English after a reload', async ({ page }) => {
    await openPage(page, '/strategies');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('fr', 'pages', 'strategies.title'),
    );

    await page.getByRole('button', { name: 'Langue : Français' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'pages', 'strategies.title'),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'pages', 'strategies.title'),
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Strategies' })).toBeVisible();
  });

  test('Spanish reaches the frame, the page and antd', async ({ page }) => {
    await usePreferences(page, { language: 'es' });
    await openPage(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('dark once chosen, still dark after a reload', async ({ page }) => {
    await usePreferences(page, { language: 'en', theme: 'light' });
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const background = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const lightBackground = await background();

    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // Under reduced motion (this project's setting) every change of style is a transition of
    // 0.01 ms (renderer/styles/global.css), so the new colour is read from the next frame on.
    await expect.poll(background).not.toBe(lightBackground);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  });

  test('system follows the operating system live', async ({ page }) => {
    await usePreferences(page, { language: 'en' });
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/');
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test("antd's dark algorithm and locale follow the preferences", async ({ page }) => {
    // The admin pages are the ones built with antd: an admin opens the term editor, whose
    // related-terms field is antd's Select.
    const admin = await confirmedAdmin('preferences-admin', 'Preferences1!');
    await usePreferences(page, { language: 'en', theme: 'dark' });
    await signInWith(page, admin.session);
    await openPage(page, '/admin/terms?new=1');
    const luminance = () =>
      page.locator('.admin-terms__related').evaluate((element) => {
        const channels = getComputedStyle(element).color.match(/\d+/g) ?? [];
        return channels
          .slice(0, 3)
          .map(Number)
          .reduce((total, channel) => total + channel, 0);
      });
    // Light text on the dark page, dark text on the light one.
    await expect.poll(luminance).toBeGreaterThan(3 * 150);
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(luminance).toBeLessThan(3 * 110);
  });
});
