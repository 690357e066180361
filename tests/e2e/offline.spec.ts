import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_BUILD_DIR } from './environment';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openPage, text, usePreferences } from './support';

// Offline, as a visitor lives it: once the service worker is in place, the pages already read
// (the dictionary, a term, the token list, a sheet with its prices and their age) and the
// calculators keep working with no network at all; a page never read says so politely.
// The other specs block service workers, so that their mocked requests reach the page.
test.use({ serviceWorkers: 'allow' });
// One test after the other: the second one changes the build's service worker for a while.
// Installing the worker downloads the whole build, so each test gets a minute.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const main = (page: Page) => page.getByRole('main');

/** Loads the app and waits until its service worker answers the page's requests. */
async function openControlled(page: Page, url: string): Promise<void> {
  await openPage(page, url);
  // The worker installs once the page has loaded, precaching the app (470 files: seconds when
  // the machine is busy), and takes the page in hand at once: what it reads from then on is kept.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The network gone for the page and for its service worker, whose requests Chromium's offline
 * emulation does not cover: those are refused as a dropped connection would refuse them. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue(),
  );
}

test('the pages already read and the calculators work offline; an unread sheet says it cannot load', async ({
  page,
  context,
  consoleWatch,
}) => {
  await usePreferences(page, { language: 'fr' });
  await openControlled(page, '/');

  // Files opened by their address stay files, not the app's page.
  const robots = await page.goto('/robots.txt');
  expect(await robots?.text()).toMatch(/^Sitemap: /m);

  // Read a few pages while online.
  await openPage(page, '/dictionary');
  await expect(main(page).getByRole('link', { name: 'Blockchain', exact: true })).toBeVisible();
  await openPage(page, '/dictionary/blockchain');
  await openPage(page, '/tokens');
  await expect(
    main(page)
      .getByRole('link', { name: /Bitcoin/ })
      .first(),
  ).toBeVisible();
  await openPage(page, '/tokens/bitcoin');
  await expect(main(page).getByText(/Prix mis à jour le/)).toBeVisible();

  await goOffline(context);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  // From here the page's failed requests (the market's live updates, the unread sheet) are
  // expected.
  consoleWatch.forgetAll();
  // The page says where what it shows comes from.
  await expect(
    page.getByRole('status').filter({ hasText: text('fr', 'common', 'update.offline') }),
  ).toBeVisible();

  await openPage(page, '/dictionary');
  await expect(main(page).getByRole('link', { name: 'Blockchain', exact: true })).toBeVisible();
  await main(page).getByRole('link', { name: 'Blockchain', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blockchain');

  await openPage(page, '/tokens/bitcoin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin');
  // The prices are the last ones received, with the time they were updated.
  await expect(main(page).getByText(/Prix mis à jour le/)).toBeVisible();

  await openPage(page, '/tools?calc=staking&amount=1000&rate=10&duration=12&durationUnit=months');
  await expect(
    main(page)
      .locator('.tools-figures__item')
      .filter({ hasText: text('fr', 'tools', 'staking.finalAmount') })
      .locator('dd')
      .first(),
  ).toHaveText('1\u202f104,71');

  // A sheet never opened has nothing in the cache: the page says so at once, without retrying.
  await page.goto('/tokens/ethereum');
  await expect(main(page).getByText(text('fr', 'common', 'data.offlineHint'))).toBeVisible();
  consoleWatch.forgetAll();
});

test('a new build is offered, not forced: the page reloads into it when the visitor accepts', async ({
  page,
}) => {
  await usePreferences(page, { language: 'es' });
  await openControlled(page, '/dictionary');
  const prompt = page
    .getByRole('status')
    .filter({ hasText: text('es', 'common', 'update.available') });
  await expect(prompt).toHaveCount(0);

  // A new deployment: the worker changed, at the same length, since the preview server noted
  // each file's size and validator at its start, so the browser's copy is dropped too (a
  // restarted server would no longer match it). At start the page asks the worker to look for
  // a new build.
  const worker = path.join(E2E_BUILD_DIR, 'serviceWorker.js');
  const deployed = await readFile(worker, 'utf8');
  expect(deployed).toContain('blockademia-reads');
  try {
    await writeFile(worker, deployed.replace('blockademia-reads', 'BLOCKADEMIA-READS'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.reload();
    await expect(prompt).toBeVisible();
    // "Later" keeps the page as it is.
    await prompt.getByRole('button', { name: text('es', 'common', 'update.later') }).click();
    await expect(prompt).toHaveCount(0);

    // On a phone it sits above the tab bar, whole, in the dark theme too, and passes axe.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => {
      localStorage.setItem('theme', 'dark');
    });
    await page.reload();
    await expect(prompt).toBeVisible();
    const panel = await prompt.boundingBox();
    const tabBar = await page
      .getByRole('navigation', { name: text('es', 'common', 'nav.tabBar') })
      .boundingBox();
    expect(panel && tabBar && panel.y + panel.height <= tabBar.y).toBe(true);
    expect(panel && panel.x >= 0 && panel.x + panel.width <= 375).toBe(true);
    await expectNoAxeViolations(page);
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: text('es', 'common', 'update.reload') }).focus();
    await page.keyboard.press('Enter');
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting === null && navigator.serviceWorker.controller !== null;
      }),
    ).toBe(true);
  } finally {
    await writeFile(worker, deployed);
  }
});
