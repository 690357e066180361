import { createClient, type Session } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, SESSION_KEY, signInWith } from './accounts';
import { E2E_KEYS, STACK_URL } from './environment';
import { expectNoAxeViolations, openPage, text, usePreferences } from './support';

// Favorites: on the device for a visitor, in the account once signed in, merged at sign-in.

const main = (page: Page) => page.getByRole('main');

/** A new confirmed account and its session. */
async function newAccount(): Promise<{ session: Session; email: string }> {
  return confirmedAccount('favorites', 'Favorites1!');
}

/** The account's favorites as the database holds them, read with its own token (RLS). */
async function accountFavorites(session: Session): Promise<string[]> {
  const client = createClient(STACK_URL, E2E_KEYS.anonKey, {
    auth: { persistSession: false },
    global: { headers: { authorization: `Bearer ${session.access_token}` } },
  });
  const { data, error } = await client.from('favorites').select('token_id').order('token_id');
  if (error) throw new Error(error.message);
  return data.map((row: { token_id: string }) => row.token_id);
}

const star = (page: Page, name: string) =>
  main(page).getByRole('button', { name: `${name} in my favorites` });

test('a visitor stars tokens; they survive a reload, then join the account at sign-in', async ({
  page,
}) => {
  test.slow();
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/favorites');
  await expect(main(page).getByText(text('en', 'tokens', 'favoritesPage.empty'))).toBeVisible();
  await main(page)
    .getByRole('link', { name: text('en', 'tokens', 'favoritesPage.browse') })
    .click();
  await expect(page).toHaveURL(/\/tokens$/);

  await star(page, 'Ethereum').click();
  await expect(star(page, 'Ethereum')).toHaveAttribute('aria-pressed', 'true');
  // The filter lives in the URL: the box shows the new state once the router has it.
  const favoritesOnly = main(page).getByLabel(text('en', 'tokens', 'favoritesOnly'));
  await favoritesOnly.click();
  await expect(favoritesOnly).toBeChecked();
  await expect(page).toHaveURL(/favorites=1/);
  await expect(main(page).locator('.token-table tbody tr')).toHaveCount(1);

  await page.reload();
  await expect(star(page, 'Ethereum')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('favorites'))).toBe('["ethereum"]');

  // The account already has Bitcoin from another device: the merge keeps both.
  const { session } = await newAccount();
  const other = createClient(STACK_URL, E2E_KEYS.anonKey, {
    auth: { persistSession: false },
    global: { headers: { authorization: `Bearer ${session.access_token}` } },
  });
  const added = await other
    .from('favorites')
    .insert({ user_id: session.user.id, token_id: 'bitcoin' });
  expect(added.error).toBeNull();

  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
  await openPage(page, '/favorites');
  await expect(main(page).getByText(text('en', 'tokens', 'favoritesPage.synced'))).toBeVisible();
  // The account's list shows at once; the device's favorites join it once the merge has written
  // them and the list is read again (two round trips, slower when the machine is busy).
  await expect(main(page).locator('.token-table tbody tr')).toHaveCount(2, { timeout: 20_000 });
  await expect(star(page, 'Bitcoin')).toHaveAttribute('aria-pressed', 'true');
  await expect(star(page, 'Ethereum')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('favorites'))).toBeNull();
  expect(await accountFavorites(session)).toEqual(['bitcoin', 'ethereum']);
  await expectNoAxeViolations(page);

  // Signed in, a toggle goes to the account.
  await star(page, 'Bitcoin').click();
  await expect(main(page).locator('.token-table tbody tr')).toHaveCount(1);
  await expect.poll(() => accountFavorites(session)).toEqual(['ethereum']);
});

test('signed in, a refused toggle is undone with a translated toast', async ({
  page,
  consoleWatch,
}) => {
  const { session } = await newAccount();
  await usePreferences(page, { language: 'fr' });
  await signInWith(page, session);
  await openPage(page, '/tokens/solana');
  await page.route(/\/rest\/v1\/favorites/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
      : route.continue(),
  );
  const solana = main(page).getByRole('button', { name: 'Solana dans mes favoris' });
  await expect(solana).toHaveAttribute('aria-pressed', 'false');
  await solana.click();
  await expect(
    page.getByRole('alert').getByText(text('fr', 'tokens', 'favorite.saveError')),
  ).toBeVisible();
  await expect(solana).toHaveAttribute('aria-pressed', 'false');
  expect(await accountFavorites(session)).toEqual([]);
  // The refused request is reported in the console: expected here.
  consoleWatch.forgetAll();
});

test('the home page: the live market, the counts, and the calls to action', async ({ page }) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/');
  const market = main(page).getByRole('region', { name: text('fr', 'home', 'market.title') });
  await expect(market.getByRole('listitem')).toHaveCount(8);
  await expect(market.getByText(/Prix mis à jour le/)).toBeVisible();
  await expect(market.getByRole('link', { name: 'Données fournies par CoinGecko' })).toBeVisible();
  await expect(market.getByText(text('fr', 'common', 'notAdvice.title'))).toBeVisible();
  await expect(main(page).getByText('267 fiches de cryptomonnaies')).toBeVisible();
  await expect(main(page).getByText('152 termes expliqués')).toBeVisible();
  await expect(
    main(page).getByRole('link', { name: text('fr', 'home', 'cta.account') }),
  ).toBeVisible();
  const firstStar = market.getByRole('button', { name: /dans mes favoris$/ }).first();
  await firstStar.click();
  await expect(firstStar).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);

  const { session } = await newAccount();
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
  await page.reload();
  await expect(
    main(page).getByRole('link', { name: text('fr', 'home', 'ctaSignedIn.favorites') }),
  ).toHaveAttribute('href', '/favorites');
});

test('keyboard only: star a token and sort the list without a mouse', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'a phone has no keyboard');
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tokens');
  const bitcoin = star(page, 'Bitcoin');
  await bitcoin.focus();
  await page.keyboard.press('Space');
  await expect(bitcoin).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(bitcoin).toHaveAttribute('aria-pressed', 'false');
  const nameSort = main(page).getByRole('columnheader', { name: 'Name' }).getByRole('button');
  await nameSort.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name$/);
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName('Price');
});
