import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONTROL_URL } from './environment';
import { expectNoAxeViolations, openPage, text, usePreferences } from './support';

// The token list and sheets read from the local stack, with prices from the fake provider.

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).locator('.token-table tbody tr');

/** Puts the 267 rows in the page and checks that nothing is left to show. */
async function showAll(page: Page): Promise<void> {
  await main(page).getByRole('button', { name: 'Show all 267' }).click();
  await expect(rows(page)).toHaveCount(267);
  await expect(main(page).getByRole('button', { name: /^Show/ })).toHaveCount(0);
}

/** "$1,871.18", "$15.41M", "+2.5%", "−6.38%" (English formats) as numbers; "—" as null. */
function figure(shown: string): number | null {
  const clean = shown.replace(/[▲▼$,%\s]/g, '').replace('−', '-');
  if (clean === '' || clean === '—') return null;
  const scale = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[clean.slice(-1)] ?? 1;
  return Number.parseFloat(scale === 1 ? clean : clean.slice(0, -1)) * scale;
}

/** True when the values are in order, missing ones last. */
function inOrder<T>(values: (T | null)[], compare: (a: T, b: T) => number): boolean {
  const present = values.filter((value): value is T => value !== null);
  const firstMissing = values.indexOf(null);
  if (firstMissing !== -1 && values.slice(firstMissing).some((value) => value !== null)) {
    return false;
  }
  return present.every(
    (value, index) => index === 0 || compare(present[index - 1] as T, value) <= 0,
  );
}

test('the list: 267 sheets with prices, search by name or symbol, every sort in the URL', async ({
  page,
}) => {
  // Ten sorts, each showing all 267 rows as a reader would, 10 rows a frame: the test took 40 to
  // 60 s on a quiet two-core machine, which can run twice as slow when busy.
  test.setTimeout(180_000);
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tokens');
  await expect(main(page).locator('.search-field__count')).toHaveText('267 cryptocurrencies');
  // The list comes 40 rows at a time; the rest on request.
  await expect(rows(page)).toHaveCount(40);
  await expect(main(page).getByText('40 of 267 shown')).toBeVisible();
  await main(page).getByRole('button', { name: 'Show 40 more' }).click();
  // The keyboard goes on from the first row the button brought.
  await expect(rows(page).nth(40).getByRole('link')).toBeFocused();
  await expect(rows(page)).toHaveCount(80);
  await showAll(page);
  await expect(
    main(page).getByRole('link', { name: text('en', 'tokens', 'market.attribution') }),
  ).toHaveAttribute('href', 'https://www.coingecko.com/');
  await expect(main(page).getByText(text('en', 'common', 'notAdvice.title'))).toBeVisible();
  const bitcoin = rows(page).first();
  await expect(bitcoin.getByRole('rowheader')).toContainText('Bitcoin');
  await expect(bitcoin.locator('img')).toHaveAttribute('src', '/token-icons/bitcoin.svg');

  const search = main(page).getByRole('searchbox', { name: text('en', 'tokens', 'searchLabel') });
  await search.fill('ETHEREUM');
  await expect(rows(page).getByRole('rowheader').first()).toContainText('Ethereum');
  await search.fill('usdt');
  await expect(rows(page).getByRole('rowheader').first()).toContainText('Tether');
  await expect(page).toHaveURL(/\/tokens\?q=usdt$/);
  await search.fill('');
  await expect(rows(page)).toHaveCount(40);

  const sortBy = main(page).getByLabel(text('en', 'tokens', 'sortLabel'));
  const order = main(page).getByLabel(text('en', 'tokens', 'directionLabel'));
  const columnTexts = (index: number) =>
    rows(page).evaluateAll(
      (trs, column) => trs.map((tr) => tr.children[column]?.textContent ?? ''),
      index,
    );
  const checks = [
    { sort: 'rank', column: 1, url: /\/tokens$/ },
    { sort: 'name', column: 2, url: /sort=name$/ },
    { sort: 'price', column: 3, url: /sort=price$/ },
    { sort: 'change24h', column: 4, url: /sort=change24h$/ },
    { sort: 'marketCap', column: 5, url: /sort=marketCap$/ },
  ] as const;
  for (const check of checks) {
    await sortBy.selectOption(check.sort);
    await expect(page).toHaveURL(check.url);
    for (const direction of ['asc', 'desc'] as const) {
      await order.selectOption(direction);
      await expect(page).toHaveURL(new RegExp(`[?&]dir=${direction}|^(?!.*dir=)`));
      await expect(
        main(page).locator(`th[aria-sort="${direction === 'asc' ? 'ascending' : 'descending'}"]`),
      ).toContainText(text('en', 'tokens', `column.${check.sort}`));
      // Tokens without a figure come last: the whole list shows it.
      await showAll(page);
      await expect
        .poll(
          async () => {
            const values = await columnTexts(check.column);
            if (check.sort === 'name') {
              const names = await rows(page).locator('.token-name__text').allTextContents();
              return inOrder(
                names,
                (a, b) =>
                  (direction === 'asc' ? 1 : -1) *
                  a.localeCompare(b, 'en', { sensitivity: 'base' }),
              );
            }
            // The 24h change column also repeats the change under the price on phones.
            const numbers = values.map((value) =>
              figure(check.column === 3 ? (value.split(/[▲▼]/)[0] ?? '') : value),
            );
            return inOrder(numbers, (a, b) => (direction === 'asc' ? a - b : b - a));
          },
          { message: `rows in ${check.sort} order, ${direction}` },
        )
        .toBe(true);
    }
  }

  // The column headers sort too, and say how.
  await sortBy.selectOption('rank');
  const priceHeader = main(page).getByRole('columnheader', {
    name: text('en', 'tokens', 'column.price'),
  });
  if (await priceHeader.isVisible()) {
    await priceHeader.getByRole('button').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=price$/);
    await priceHeader.getByRole('button').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
  }

  await search.fill('no such coin ((');
  await expect(main(page).getByText(text('en', 'common', 'messages.noResults'))).toBeVisible();
});

test('a sheet in depth: every section, the market block with its source, links and the guide', async ({
  page,
}) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/tokens/bitcoin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin');
  await expect(page).toHaveTitle('Bitcoin · Blockademia');
  for (const section of [
    'about',
    'quickSummary',
    'history',
    'technology',
    'useCases',
    'ecosystem',
    'strengths',
    'challenges',
    'guide',
    'howToBuy',
    'howToStore',
    'commonMistakes',
    'links',
  ]) {
    await expect(
      main(page).getByRole('heading', {
        name: text('fr', 'tokens', `sheet.${section}`),
        exact: true,
      }),
    ).toBeVisible();
  }
  const market = main(page).getByRole('region', { name: text('fr', 'tokens', 'market.title') });
  for (const figureName of [
    'price',
    'change24h',
    'change7d',
    'marketCap',
    'volume24h',
    'circulatingSupply',
    'ath',
  ]) {
    await expect(
      market.getByText(text('fr', 'tokens', `market.${figureName}`), { exact: true }),
    ).toBeVisible();
  }
  await expect(market.getByRole('img', { name: /Prix sur 7 jours, de .* à / })).toBeVisible();
  await expect(market.getByText(/Prix mis à jour le/)).toBeVisible();
  await expect(market.getByRole('link', { name: 'Données fournies par CoinGecko' })).toBeVisible();
  await expect(main(page).getByText(text('fr', 'common', 'notAdvice.title'))).toBeVisible();
  await expect(
    main(page).getByRole('link', { name: text('fr', 'tokens', 'sheet.providerPage') }),
  ).toHaveAttribute('href', /coingecko\.com/);
  await expect(
    main(page).getByRole('link', { name: text('fr', 'tokens', 'sheet.whitepaper') }),
  ).toBeVisible();
  await expect(main(page).getByText(/Fiche relue le/)).toBeVisible();
  await expect(main(page).locator('a[href^="/dictionary/"]').first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Bitcoin dans mes favoris' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a sheet without an ecosystem section shows no empty heading; its guide opens with the basics and their lessons; an unknown id is a 404', async ({
  page,
}) => {
  await usePreferences(page, { language: 'es', theme: 'dark' });
  await openPage(page, '/tokens/basic-attention-token');
  await expect(
    main(page).getByRole('heading', { name: text('es', 'tokens', 'sheet.history') }),
  ).toBeVisible();
  await expect(
    main(page).getByRole('heading', { name: text('es', 'tokens', 'sheet.ecosystem') }),
  ).toHaveCount(0);
  const basics = main(page).getByRole('region', {
    name: text('es', 'tokens', 'sheet.basics.title'),
  });
  await expect(basics.getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(page);
  await basics.getByRole('link', { name: text('es', 'tokens', 'sheet.basics.practices') }).click();
  await expect(page).toHaveURL(/\/risks#practices$/);
  await expect(
    main(page).getByRole('heading', { name: text('es', 'pages', 'risks.practices') }),
  ).toBeInViewport();
  await page.goBack();
  await basics
    .getByRole('link', { name: text('es', 'tokens', 'sheet.basics.walletsModule') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billeteras y claves');
  await page.goto('/tokens/no-such-coin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('es', 'common', 'notFound.title'),
  );
});

test('new prices reach an open page without a reload', async ({ page, request }, testInfo) => {
  // The market's factor is one setting of the shared stack: two projects changing it at once
  // would undo each other. The behaviour does not depend on the screen's width.
  test.skip(testInfo.project.name === 'mobile', 'one project at a time changes the prices');
  await page.clock.install();
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tokens/ethereum');
  const price = page.locator('.market-figures__price');
  const before = figure((await price.textContent()) ?? '');
  expect(before).not.toBeNull();
  try {
    const refreshed = await request.post(`${CONTROL_URL}/market?factor=2`);
    expect(refreshed.ok()).toBe(true);
    // The page asks every 30 s whether the market was refreshed; then it refetches.
    await page.clock.runFor(31_000);
    await expect
      .poll(async () => figure((await price.textContent()) ?? ''))
      .toBeGreaterThan((before ?? 0) * 1.9);
  } finally {
    await request.post(`${CONTROL_URL}/market?factor=1`);
  }
});

test('when the backend stops answering, the list seen last stays with a notice', async ({
  page,
  consoleWatch,
}) => {
  test.slow();
  await page.clock.install();
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/tokens');
  await expect(rows(page)).toHaveCount(40);
  const navLink = (name: string) =>
    page.getByRole('link', { name, exact: true }).filter({ visible: true }).first();
  await navLink('Dictionnaire').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dictionnaire');
  await page.route(/\/(rest|auth|functions)\/v1\//, (route) => route.abort('connectionrefused'));
  // Past the list's freshness, coming back refetches it: the request fails, is retried with
  // back-off, and the page keeps the list with a notice.
  await page.clock.runFor(61_000);
  await navLink('Tokens').click();
  await expect(rows(page)).toHaveCount(40);
  const notice = main(page).getByText(
    /Le serveur ne répond pas\s: vous voyez les données chargées à/,
  );
  await expect
    .poll(
      async () => {
        await page.clock.runFor(2_000);
        return notice.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(rows(page)).toHaveCount(40);
  // The console reports the refused requests: that is the point of this test.
  consoleWatch.forgetAll();
});

test('the back button brings back the search typed before a sort', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tokens');
  const search = main(page).getByRole('searchbox', { name: text('en', 'tokens', 'searchLabel') });
  await search.fill('usdt');
  await expect(page).toHaveURL(/\/tokens\?q=usdt$/);
  await main(page)
    .getByLabel(text('en', 'tokens', 'sortLabel'))
    .selectOption('price');
  await expect(page).toHaveURL(/\/tokens\?q=usdt&sort=price$/);
  await search.fill('eth');
  await expect(page).toHaveURL(/\/tokens\?q=eth&sort=price$/);
  await expect(rows(page).getByRole('rowheader').first()).toContainText('Ethereum');
  await page.goBack();
  await expect(page).toHaveURL(/\/tokens\?q=usdt$/);
  await expect(search).toHaveValue('usdt');
  await expect(rows(page).getByRole('rowheader').first()).toContainText('Tether');
});

test('a link to the plain list clears the search it was showing', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tokens?q=usdt');
  const search = main(page).getByRole('searchbox', { name: text('en', 'tokens', 'searchLabel') });
  await expect(search).toHaveValue('usdt');
  await expect(rows(page).getByRole('rowheader').first()).toContainText('Tether');
  await page
    .getByRole('link', { name: 'Tokens', exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(40);
});
