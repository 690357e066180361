import type { Page } from '@playwright/test';
import { ROUTES, concreteUrl } from '../../renderer/app/routeTable';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, text, usePreferences } from './support';

// axe (WCAG 2.1 A and AA) on every route as a visitor meets it, in the light theme and then in
// the dark one, at the width of the project (1440px desktop, 375px mobile), once the page's data
// has arrived. The theme is changed with the header's switcher, as a reader would: one load
// serves both checks.

const fr = (path: string) => text('fr', 'common', path);

async function expectSettled(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
  // The app, not the page written at build it replaces (prerendered.both.spec.ts checks that).
  await expect(page.locator('#prerendered')).toHaveCount(0);
}

for (const route of [...ROUTES.map(concreteUrl), '/no/such/page']) {
  test(`${route} has no axe violation, light or dark`, async ({ page }) => {
    // Two axe passes over the longest pages (the dictionary's 152 terms, the token list, the
    // strategies) took up to 11 s on a quiet two-core machine, and 15 to 40 s on a busy one
    // before axe ran in the page itself (tests/e2e/support.ts).
    test.setTimeout(90_000);
    await usePreferences(page, { language: 'fr', theme: 'light' });
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Lists and sheets arrive from the stack after the page: check what a reader then sees.
    await page.waitForLoadState('networkidle');
    await expectSettled(page, 'light');
    await expectNoAxeViolations(page);

    await page
      .getByRole('banner')
      .getByRole('button', { name: fr('theme.current').replace('{{name}}', fr('theme.light')) })
      .click();
    await page.getByRole('menuitemradio', { name: fr('theme.dark') }).click();
    await expectSettled(page, 'dark');
    await expectNoAxeViolations(page);
  });
}

test('the background stands still for a reader who asks for less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const canvas = page.locator('canvas.animated-background');
  /** The canvas's pixels after `frames` more frames of the page. */
  const pixelsAfter = (frames: number) =>
    canvas.evaluate(async (element: HTMLCanvasElement, count) => {
      for (let frame = 0; frame < count; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return element.toDataURL();
    }, frames);
  const still = await pixelsAfter(2);
  expect(await pixelsAfter(30)).toBe(still);

  // Motion allowed again, the network drifts.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await pixelsAfter(2);
  expect(await pixelsAfter(30)).not.toBe(moving);
});
