import { expect, test } from '@playwright/test';
import { openPage, usePreferences } from './support';

test.describe('keyboard only at 375px', () => {
  test('the drawer opens, is walked with Tab, follows a link and closes with Escape', async ({
    page,
  }) => {
    await usePreferences(page, { language: 'en' });
    await openPage(page, '/');
    const menuButton = page.getByRole('button', { name: 'Open the menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();

    let reached = false;
    for (let presses = 0; presses < 20 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = (await page.locator(':focus').textContent()) === 'Risks';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/risks$/);
    await expect(drawer).toBeHidden();

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
