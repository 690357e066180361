import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPage, usePreferences } from './support';

// The look of five pages, at the project's width (1440px, 375px) in both themes, against the
// committed images in look.both.spec.ts-snapshots/: a change that breaks the layout, a colour
// or a component shows as a difference. After a change meant to alter the look, run
// `npx playwright test tests/e2e/look.both.spec.ts --update-snapshots`, look at every new image
// and commit them with the change.
//
// The decorative background is hidden (look.css); market figures and their times change from
// run to run, so they are masked.

const PAGES = [
  { name: 'home', url: '/', masks: ['.home-market__body'], fullPage: true },
  { name: 'term', url: '/dictionary/blockchain', masks: [], fullPage: true },
  { name: 'sheet', url: '/tokens/bitcoin', masks: ['.market-panel'], fullPage: true },
  // Pages of 13,000 to 30,000 pixels: their first screen, where the layout is set.
  { name: 'strategies', url: '/strategies', masks: [], fullPage: false },
  { name: 'risks', url: '/risks', masks: [], fullPage: false },
] as const;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('#prerendered')).toHaveCount(0);
}

for (const shown of PAGES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shown.name} looks as committed, ${theme} theme`, async ({ page }) => {
      await usePreferences(page, { language: 'fr', theme });
      await openPage(page, shown.url);
      await settled(page);
      await expect(page).toHaveScreenshot(`${shown.name}-${theme}.png`, {
        fullPage: shown.fullPage,
        mask: shown.masks.map((selector) => page.locator(selector)),
        stylePath: join(import.meta.dirname, 'look.css'),
        maxDiffPixelRatio: 0.005,
      });
    });
  }
}
