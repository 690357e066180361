import { expect, test } from '@playwright/test';
import { openPage, usePreferences } from './support';

test.describe('keyboard only at 1440px', () => {
  test.beforeEach(async ({ page }) => {
    await usePreferences(page, { language: 'en' });
  });

  test('skip link, then every header link in order', async ({ page }) => {
    await openPage(page, '/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    const expected = [
      'Blockademia, back to the home page',
      'Home',
      'Dictionary',
      'Tokens',
      'Learning',
      'Strategies',
      'Resources',
      'Language: English, EN',
      'Theme: System',
      'Login',
    ];
    for (const name of expected) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveAccessibleName(name);
    }
  });

  test('Enter on a header link navigates', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Tokens', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tokens$/);
  });

  test('Resources opens with Enter and its items are reached with the arrows', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Resources' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Tools' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'FAQ' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('the language menu works from the keyboard', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Language: English' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('Escape closes a menu and gives focus back to its button', async ({ page }) => {
    await openPage(page, '/');
    const trigger = page.getByRole('button', { name: 'Theme: System' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the skip link moves focus to the page content', async ({ page }) => {
    await openPage(page, '/about');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});
