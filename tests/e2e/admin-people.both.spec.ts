import { createClient } from '@supabase/supabase-js';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, confirmedAdmin, freshEmail, service, signInWith } from './accounts';
import { E2E_KEYS, STACK_URL } from './environment';
import { expectNoAxeViolations, openPage, say, text, usePreferences } from './support';

// The admin's users and messages pages against the local stack, at 1440px and 375px: a message
// sent from /contact found, read, handled and answered by mail; one put back to unread and
// deleted after a confirmation; the list's pages; a role granted with the keyboard and revoked;
// the admin's own role protected; and non-admins refused by the page and by the server. Other tests run at the same time on the same stack: everything here is found by
// a fresh address or name, never by counting.

const PASSWORD = 'People-admin1!';
const main = (page: Page) => page.getByRole('main');
const en = (namespace: string, path: string, values: Record<string, string | number> = {}) =>
  say('en', namespace, path, values);

/** Light at 1440px, dark at 375px: both themes pass axe without doubling the runs. */
const themeOf = (testInfo: TestInfo) =>
  testInfo.project.name.endsWith('mobile') ? ('dark' as const) : ('light' as const);

const adminAccount = (prefix: string) => confirmedAdmin(prefix, PASSWORD);

async function roles(userId: string): Promise<string[]> {
  const { data, error } = await service.from('user_roles').select('role').eq('user_id', userId);
  if (error) throw new Error(error.message);
  return (data as { role: string }[]).map((row) => row.role).sort();
}

async function messageStatus(name: string): Promise<string | null> {
  const { data, error } = await service
    .from('contact_messages')
    .select('status')
    .eq('name', name)
    .maybeSingle<{ status: string }>();
  if (error) throw new Error(error.message);
  return data?.status ?? null;
}

test('a message from /contact is found, read, handled and answered by mail', async ({
  page,
}, testInfo) => {
  // From the contact form to the answer in the mailbox: 29 s on a loaded 2-core machine.
  test.setTimeout(60_000);
  const admin = await adminAccount('people-messages');
  const name = `Sender ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = freshEmail('people-sender');
  const body = 'First line of a feature request.\n\nSecond paragraph: <b>not bold</b> & more.';

  // A visitor writes in Spanish.
  await usePreferences(page, { language: 'es', theme: themeOf(testInfo) });
  await openPage(page, '/contact');
  const form = (label: string) =>
    main(page).getByLabel(text('es', 'contact', `fields.${label}.label`), { exact: true });
  await form('name').fill(name);
  await form('email').fill(email);
  await form('subject').selectOption({ label: text('es', 'contact', 'subjects.feature') });
  await form('message').fill(body);
  await main(page)
    .getByRole('button', { name: text('es', 'contact', 'form.submit') })
    .click();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: text('es', 'common', 'messages.messageSent') }),
  ).toBeVisible();
  await expect.poll(() => messageStatus(name)).toBe('new');

  // The admin reads the site in English.
  await page.evaluate(() => {
    localStorage.setItem('language', 'en');
  });
  await signInWith(page, admin.session);
  await openPage(page, '/admin/messages');
  const sections = page.getByRole('navigation', { name: text('en', 'admin', 'nav.label') });
  await expect(sections.getByRole('link', { name: /^Messages/ })).toHaveAccessibleName(
    /\d+ unread messages?$/,
  );
  if (testInfo.project.name.endsWith('desktop')) {
    await expect(
      page.getByRole('banner').getByRole('link', { name: /^Admin/ }),
    ).toHaveAccessibleName(/\d+ unread messages?$/);
  }

  await main(page)
    .getByLabel(en('adminPeople', 'messages.filters.subject'))
    .selectOption({ label: text('en', 'contact', 'subjects.feature') });
  await main(page)
    .getByLabel(en('adminPeople', 'messages.filters.state'))
    .selectOption({ label: en('adminPeople', 'messages.states.new') });
  await expect(page).toHaveURL(/[?&]subject=feature&state=new$/);
  const row = main(page).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(en('adminPeople', 'messages.states.new'));
  const open = row.getByRole('link');
  await expect(open).toHaveAccessibleName(`${name} ${en('adminPeople', 'messages.unreadMark')}`);
  await expectNoAxeViolations(page);

  // Opening it marks it read, and the header's count is asked again.
  const recount = page.waitForRequest(
    (request) =>
      request.method() === 'HEAD' &&
      request.url().includes('/rest/v1/contact_messages') &&
      request.url().includes('status=eq.new'),
  );
  await open.click();
  await expect(page).toHaveURL(/[?&]message=[0-9a-f-]{36}/);
  const heading = main(page).getByRole('heading', {
    level: 2,
    name: text('en', 'contact', 'subjects.feature'),
  });
  await expect(heading).toBeFocused();
  const facts = main(page).locator('.admin-message__facts');
  await expect(facts).toContainText(`${name} (${email})`);
  await expect(facts).toContainText('Spanish');
  await expect(facts).toContainText(en('adminPeople', 'messages.states.read'));
  await expect.poll(() => messageStatus(name)).toBe('read');
  await recount;
  // Plain text as typed: its line breaks kept, its markup shown, never run.
  const shown = main(page).locator('.admin-message__text');
  expect(await shown.evaluate((element) => (element as HTMLElement).innerText)).toBe(body);
  await expect(shown.locator('b')).toHaveCount(0);

  const topic = text('es', 'contact', 'subjects.feature');
  const [local, domain] = email.split('@') as [string, string];
  await expect(
    main(page).getByRole('link', { name: en('adminPeople', 'messages.actions.reply') }),
  ).toHaveAttribute(
    'href',
    `mailto:${encodeURIComponent(local)}@${encodeURIComponent(domain)}?subject=${encodeURIComponent(
      say('es', 'adminPeople', 'messages.reply.subject', { topic }),
    )}`,
  );

  await main(page)
    .getByRole('button', { name: en('adminPeople', 'messages.actions.handle') })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: en('adminPeople', 'messages.done.handled') }),
  ).toBeVisible();
  await expect(facts).toContainText(en('adminPeople', 'messages.states.handled'));
  await expect(
    main(page).getByRole('button', { name: en('adminPeople', 'messages.actions.reopen') }),
  ).toBeVisible();
  await expect.poll(() => messageStatus(name)).toBe('handled');
  await expectNoAxeViolations(page);
});

test('a message put back to unread, then deleted after a confirmation', async ({
  page,
}, testInfo) => {
  const admin = await adminAccount('people-delete');
  const name = `Deleted ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const inserted = await service
    .from('contact_messages')
    .insert({
      name,
      email: freshEmail('people-delete'),
      subject: 'account',
      message: 'Please close my account, thank you.',
      locale: 'en',
      status: 'read',
    })
    .select('id')
    .single<{ id: string }>();
  expect(inserted.error).toBeNull();
  const id = inserted.data?.id ?? '';
  await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
  await signInWith(page, admin.session);
  await openPage(page, `/admin/messages?subject=account&message=${id}`);

  // Back to unread: the list shows again, the focus on the message's row, new again.
  await main(page)
    .getByRole('button', { name: en('adminPeople', 'messages.actions.unread') })
    .click();
  const open = main(page).getByRole('link', {
    name: `${name} ${en('adminPeople', 'messages.unreadMark')}`,
  });
  await expect(open).toBeFocused();
  await expect(page).toHaveURL(/[?&]subject=account$/);
  await expect.poll(() => messageStatus(name)).toBe('new');

  await open.click();
  await expect.poll(() => messageStatus(name)).toBe('read');
  const deleteButton = main(page).getByRole('button', {
    name: en('adminPeople', 'messages.actions.delete'),
  });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: en('adminPeople', 'messages.delete.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await expect(
    dialog.getByRole('button', { name: text('en', 'admin', 'actions.cancel') }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  // Escape keeps the message, and the focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  expect(await messageStatus(name)).toBe('read');

  await deleteButton.click();
  await dialog.getByRole('button', { name: en('adminPeople', 'messages.delete.confirm') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: en('adminPeople', 'messages.done.deleted') }),
  ).toBeVisible();
  await expect(
    main(page).getByRole('heading', { level: 2, name: en('adminPeople', 'messages.title') }),
  ).toBeFocused();
  await expect(page).toHaveURL(/[?&]subject=account$/);
  await expect(main(page).getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect(await messageStatus(name)).toBeNull();
});

test('the messages list pages by 25, each page an address', async ({ page }, testInfo) => {
  const admin = await adminAccount('people-pager');
  const batch = `Pager ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const rows = Array.from({ length: 26 }, (_, index) => ({
    name: `${batch} ${index}`,
    email: freshEmail(`people-pager-${index}`),
    subject: 'other',
    message: `Message number ${index} of a batch for the pager.`,
    // One second apart, the last one newest: one insert would give them all the same time.
    created_at: new Date(Date.now() - (25 - index) * 1000).toISOString(),
  }));
  const inserted = await service.from('contact_messages').insert(rows);
  expect(inserted.error).toBeNull();
  try {
    await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
    await signInWith(page, admin.session);
    await openPage(page, '/admin/messages?subject=other');
    const pager = main(page).getByRole('navigation', { name: en('adminPeople', 'pager.label') });
    await expect(pager).toContainText(/Page 1 of \d+/);
    await expect(main(page).getByRole('row')).toHaveCount(26);
    // Newest first: the last of the batch heads the list.
    await expect(main(page).getByRole('row').nth(1)).toContainText(`${batch} 25`);
    await pager.getByRole('link', { name: en('adminPeople', 'pager.next') }).click();
    await expect(page).toHaveURL(/[?&]subject=other&page=2$/);
    await expect(pager).toContainText(/Page 2 of \d+/);
    const batchRow = (index: number) =>
      main(page)
        .getByRole('row')
        .filter({ hasText: new RegExp(`${batch} ${index} `) });
    await expect(batchRow(25)).toHaveCount(0);
    await expect(batchRow(0)).toHaveCount(1);
    await expect(
      pager.getByRole('link', { name: en('adminPeople', 'pager.previous') }),
    ).toBeVisible();
    await page.goBack();
    await expect(pager).toContainText(/Page 1 of \d+/);
    await expect(main(page).getByRole('row').nth(1)).toContainText(`${batch} 25`);
  } finally {
    await service.from('contact_messages').delete().like('name', `${batch} %`);
  }
});

test('an admin searches a user, makes them admin with the keyboard, and removes the role', async ({
  page,
  consoleWatch,
}, testInfo) => {
  const admin = await adminAccount('people-users');
  const member = await confirmedAccount('people-member', PASSWORD);
  await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
  await signInWith(page, admin.session);
  await openPage(page, '/admin/users');

  const search = main(page).getByRole('searchbox', {
    name: en('adminPeople', 'users.searchLabel'),
  });
  await search.fill(member.email.toUpperCase());
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(member.email.toUpperCase())}`),
  );
  await expect(
    main(page).getByText(en('adminPeople', 'users.count_one', { count: 1 })),
  ).toBeVisible();
  const row = main(page).getByRole('row').filter({ hasText: member.email });
  await expect(main(page).getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell').nth(2)).toHaveText(en('adminPeople', 'users.confirmed.yes'));
  await expect(row).toContainText(en('adminPeople', 'users.roles.user'));
  await expectNoAxeViolations(page);

  // Keyboard only: from the search box to the row's button, the dialog, and its confirmation.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(
    main(page).getByRole('region', { name: en('adminPeople', 'users.tableLabel') }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  const grant = row.getByRole('button', {
    name: en('adminPeople', 'users.grant.buttonLabel', { email: member.email }),
  });
  await expect(grant).toBeFocused();
  await page.keyboard.press('Enter');
  const grantDialog = page.getByRole('dialog', {
    name: en('adminPeople', 'users.grant.title', { email: member.email }),
  });
  await expect(grantDialog).toBeVisible();
  await expect(
    grantDialog.getByRole('button', { name: text('en', 'admin', 'actions.cancel') }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(
    grantDialog.getByRole('button', { name: en('adminPeople', 'users.grant.confirm') }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grantDialog).toBeHidden();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: en('adminPeople', 'users.grant.done', { email: member.email }) }),
  ).toBeVisible();
  await expect(row).toContainText(en('adminPeople', 'users.roles.admin'));
  const revoke = row.getByRole('button', {
    name: en('adminPeople', 'users.revoke.buttonLabel', { email: member.email }),
  });
  await expect(revoke).toBeFocused();
  expect(await roles(member.userId)).toEqual(['admin', 'user']);

  await revoke.click();
  const revokeDialog = page.getByRole('dialog', {
    name: en('adminPeople', 'users.revoke.title', { email: member.email }),
  });
  await revokeDialog
    .getByRole('button', { name: en('adminPeople', 'users.revoke.confirm') })
    .click();
  await expect(revokeDialog).toBeHidden();
  await expect(row).toContainText(en('adminPeople', 'users.roles.user'));
  expect(await roles(member.userId)).toEqual(['user']);

  // The admin's own row says why it has no button.
  await search.fill(admin.email);
  const own = main(page).getByRole('row').filter({ hasText: admin.email });
  await expect(own).toContainText(en('adminPeople', 'users.you'));
  await expect(own).toContainText(en('adminPeople', 'users.self'));
  await expect(own.getByRole('button')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=/);

  // An admin whose role was removed meanwhile is refused by the server, in words.
  await search.fill(member.email);
  await expect(row).toBeVisible();
  await expect(main(page).getByRole('row')).toHaveCount(2);
  const removed = await service
    .from('user_roles')
    .delete()
    .eq('user_id', admin.userId)
    .eq('role', 'admin');
  expect(removed.error).toBeNull();
  await row
    .getByRole('button', {
      name: en('adminPeople', 'users.grant.buttonLabel', { email: member.email }),
    })
    .click();
  await grantDialog.getByRole('button', { name: en('adminPeople', 'users.grant.confirm') }).click();
  await expect(grantDialog.getByRole('alert')).toHaveText(text('en', 'admin', 'errors.forbidden'));
  consoleWatch.expectFailedRequests('/rest/v1/rpc/admin_set_role');
  expect(await roles(member.userId)).toEqual(['user']);
});

test('a signed-in member is refused by both pages and by every admin request', async ({ page }) => {
  const member = await confirmedAccount('people-refused', PASSWORD);
  await usePreferences(page, { language: 'en' });
  await signInWith(page, member.session);
  for (const [path, title] of [
    ['/admin/users', 'adminUsers.title'],
    ['/admin/messages', 'adminMessages.title'],
  ] as const) {
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pages', title));
    await expect(main(page).getByText(text('en', 'pages', 'state.adminOnly'))).toBeVisible();
    await expect(main(page).getByRole('table')).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  const client = createClient(STACK_URL, E2E_KEYS.anonKey, {
    auth: { persistSession: false },
    global: { headers: { Authorization: `Bearer ${member.session.access_token}` } },
  });
  const list = await client.rpc('admin_list_users', { _search: 'example', _limit: 5 });
  expect([list.status, list.error?.code]).toEqual([403, '42501']);
  const grant = await client.rpc('admin_set_role', {
    _user_id: member.userId,
    _role: 'admin',
    _granted: true,
  });
  expect([grant.status, grant.error?.code]).toEqual([403, '42501']);
  expect((await client.from('contact_messages').select('id').limit(1)).data).toEqual([]);
  const change = await client
    .from('contact_messages')
    .update({ status: 'handled' })
    .neq('status', 'handled')
    .select('id');
  expect(change.data).toEqual([]);
  const removal = await client.from('contact_messages').delete().neq('status', 'x').select('id');
  expect(removal.data).toEqual([]);
  expect(await roles(member.userId)).toEqual(['user']);
});
