import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, confirmedAdmin, service, signInWith } from './accounts';
import { expectNoAxeViolations, openPage, say, text, usePreferences } from './support';

// The way into the admin area and its dashboard, against the local stack at 1440px and 375px:
// a visitor is sent to sign in and brought back, a user who is not an admin is refused without
// one admin request, and an admin sees the database's figures, the market refresh's health, the
// provider's large coins that have no sheet, the newest messages and the unread count.

const PASSWORD = 'Admin-pass1!';
const main = (page: Page) => page.getByRole('main');

test('signed out: the admin area asks to sign in, then brings the admin back', async ({ page }) => {
  const admin = await confirmedAdmin('dashboard-return', PASSWORD);
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/admin/dashboard');
  await expect(main(page)).toContainText(text('en', 'pages', 'state.signInRequired'));
  await main(page)
    .getByRole('link', { name: text('en', 'pages', 'state.signIn') })
    .click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fdashboard/);
  const field = (key: string) =>
    main(page).getByLabel(text('en', 'account', `fields.${key}`), { exact: true });
  await field('email').fill(admin.email);
  await field('password').fill(PASSWORD);
  await main(page)
    .getByRole('button', { name: text('en', 'account', 'signIn.submit'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(
    main(page).getByRole('heading', { name: text('en', 'admin', 'dashboard.counts.title') }),
  ).toBeVisible();
});

test('a user who is not an admin is refused, and no admin data is asked for', async ({ page }) => {
  const user = await confirmedAccount('dashboard-refused', PASSWORD);
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/rest\/v1\/(rpc\/admin_|contact_messages)/.test(request.url())) {
      adminCalls.push(request.url());
    }
  });
  await usePreferences(page, { language: 'es' });
  await signInWith(page, user.session);
  await openPage(page, '/admin');
  await expect(main(page)).toContainText(text('es', 'pages', 'state.adminOnly'));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  await expectNoAxeViolations(page);
});

test('the dashboard: figures, price refresh, coins without a sheet, newest messages', async ({
  page,
}) => {
  const admin = await confirmedAdmin('dashboard', PASSWORD);
  const sender = `Dashboard reader ${Date.now()}`;
  const sent = await service.from('contact_messages').insert({
    name: sender,
    email: 'reader@example.org',
    subject: 'feature',
    message: 'A glossary of staking terms would help me a lot.',
  });
  expect(sent.error).toBeNull();
  const { count: unread } = await service
    .from('contact_messages')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'new');

  await usePreferences(page, { language: 'fr' });
  await signInWith(page, admin.session);
  await openPage(page, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('fr', 'pages', 'admin.title'),
  );

  const figures = main(page).getByRole('region', {
    name: text('fr', 'admin', 'dashboard.counts.title'),
  });
  await expect(figures).toContainText(text('fr', 'admin', 'dashboard.counts.sheets'));
  // The e2e stack does not schedule refreshes (MARKET_REFRESH_MINUTES=0): the page says so.
  await expect(main(page)).toContainText(
    text('fr', 'admin', 'dashboard.market.health.unscheduled'),
  );
  const missing = main(page).getByRole('region', {
    name: text('fr', 'admin', 'dashboard.missing.title'),
  });
  const create = missing.getByRole('link', {
    name: say('fr', 'admin', 'dashboard.missing.createNamed', { name: 'Bitget Token' }),
  });
  await expect(create).toHaveAttribute('href', '/admin/tokens?new=1&id=bitget-token');
  // Bitcoin has its sheet: it is not listed.
  await expect(missing.getByRole('rowheader', { name: 'Bitcoin', exact: true })).toHaveCount(0);
  await expect(
    main(page).getByRole('region', { name: text('fr', 'admin', 'dashboard.messages.title') }),
  ).toContainText(sender);

  // The header's admin link carries the unread count, in words for screen readers.
  const adminLink = page.getByRole('banner').getByRole('link', { name: /^Admin/ });
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await expect(adminLink).toContainText(/\d+/);
    expect(Number((await adminLink.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(
      unread ?? 1,
    );
  }
  await expectNoAxeViolations(page);

  // "Create sheet" opens a new sheet with the provider id already filled in.
  await create.click();
  await expect(
    main(page).getByLabel(text('fr', 'adminTokens', 'editor.fields.id'), { exact: true }),
  ).toHaveValue('bitget-token');
});

test('keyboard only: from the dashboard to a section, in the dark theme', async ({ page }) => {
  const admin = await confirmedAdmin('dashboard-keys', PASSWORD);
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await signInWith(page, admin.session);
  await openPage(page, '/admin/dashboard');
  const nav = main(page).getByRole('navigation', { name: text('en', 'admin', 'nav.label') });
  await expect(nav.getByRole('link', { name: text('en', 'admin', 'nav.dashboard') })).toHaveClass(
    /admin-nav__link--active/,
  );
  await expect(
    main(page).getByRole('heading', { name: text('en', 'admin', 'dashboard.market.title') }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const messages = nav.getByRole('link', { name: new RegExp(text('en', 'admin', 'nav.messages')) });
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    if (await messages.evaluate((link) => link === document.activeElement)) break;
  }
  await expect(messages).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/messages$/);
});
