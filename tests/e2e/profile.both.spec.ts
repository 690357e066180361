import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, linkAndCode, mailsTo, service, signInWith } from './accounts';
import { E2E_KEYS, STACK_URL } from './environment';
import {
  type Language,
  expectNoAxeViolations,
  openPage,
  say,
  text,
  usePreferences,
} from './support';

// The profile page against the local stack, at 1440px and 375px: the picture (checked by its
// bytes), name and bio within the database's limits, the address change confirmed from the
// mailbox, the password change, the data export compared with the database, and the deletion
// that leaves nothing of the person.

const main = (page: Page) => page.getByRole('main');
const PASSWORD = 'Profile-pass1!';

/** A text to find as is inside a longer one (e.g. an error after its field's hint). */
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A 1×1 PNG: the smallest real picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openProfile(
  page: Page,
  language: Language,
  tab = '',
  theme: 'light' | 'dark' = 'light',
) {
  const account = await confirmedAccount(`profile-${language}`, PASSWORD);
  await usePreferences(page, { language, theme });
  await signInWith(page, account.session);
  await openPage(page, `/profile${tab}`);
  return account;
}

const button = (page: Page, language: Language, key: string) =>
  main(page).getByRole('button', { name: text(language, 'profile', key), exact: true });
const field = (page: Page, language: Language, namespace: string, key: string) =>
  main(page).getByLabel(text(language, namespace, key), { exact: true });
const status = (page: Page) => main(page).getByRole('status').filter({ hasText: /\S/ });
const alert = (page: Page) => main(page).getByRole('alert').filter({ hasText: /\S/ });

test('the picture: a PNG is taken, a renamed text file and a 2.1 MB file are refused', async ({
  page,
}) => {
  const { userId } = await openProfile(page, 'en');
  const chooser = main(page).getByLabel(text('en', 'profile', 'avatar.choose'));
  await expect(main(page)).toContainText(text('en', 'profile', 'avatar.none'));

  await chooser.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(alert(page)).toHaveText(text('en', 'common', 'messages.invalidImage'));

  const large = Buffer.concat([PNG, Buffer.alloc(2.1 * 1024 * 1024)]);
  await chooser.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
  await expect(alert(page)).toHaveText(text('en', 'common', 'messages.imageTooLarge'));

  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(status(page)).toHaveText(text('en', 'common', 'profileMessages.avatarUpdated'));
  await expect(
    main(page).getByRole('img', { name: text('en', 'profile', 'avatar.alt') }),
  ).toBeVisible();
  const files = await service.storage.from('avatars').list(userId);
  expect(files.data?.map((file) => file.name)).toEqual([
    expect.stringMatching(/^avatar-\d+\.png$/),
  ]);
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    // The header's avatar shows the picture at once.
    await expect(page.getByRole('banner').locator('img.user-avatar__image')).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await button(page, 'en', 'avatar.remove').click();
  await expect(status(page)).toHaveText(text('en', 'profile', 'avatar.removed'));
  await expect
    .poll(async () => (await service.storage.from('avatars').list(userId)).data?.length)
    .toBe(0);
});

test('name and bio: over their limits they are refused next to the field, then saved', async ({
  page,
}) => {
  const { userId } = await openProfile(page, 'fr');
  const name = field(page, 'fr', 'profile', 'details.fullName');
  const bio = field(page, 'fr', 'profile', 'details.bio');
  await name.fill('A'.repeat(101));
  await bio.fill('é'.repeat(501));
  await expect(main(page)).toContainText('501 / 500');
  await button(page, 'fr', 'details.save').click();
  await expect(name).toBeFocused();
  // The accessible description folds the narrow no-break space into a plain one.
  await expect(name).toHaveAccessibleDescription(
    new RegExp(
      escapeRegExp(
        say('fr', 'profile', 'details.tooLong', { max: 100, over: 1 }).replaceAll('\u202f', ' '),
      ),
    ),
  );
  await expect(bio).toHaveAttribute('aria-invalid', 'true');

  await name.fill('Ada Lovelace');
  await bio.fill('Je lis les livres blancs. 🙂');
  await button(page, 'fr', 'details.save').click();
  await expect(status(page)).toHaveText(text('fr', 'common', 'profileMessages.updated'));
  const { data } = await service
    .from('profiles')
    .select('full_name, bio')
    .eq('user_id', userId)
    .single();
  expect(data).toEqual({ full_name: 'Ada Lovelace', bio: 'Je lis les livres blancs. 🙂' });

  await page.reload();
  await expect(field(page, 'fr', 'profile', 'details.fullName')).toHaveValue('Ada Lovelace');
  await expect(main(page)).toContainText(text('fr', 'profile', 'facts.roleUser'));
  await expectNoAxeViolations(page);
});

test('the address change waits for the mail to the new address, then applies', async ({ page }) => {
  const { email } = await openProfile(page, 'es', '?tab=settings');
  const next = `new-${email}`;
  await field(page, 'es', 'profile', 'email.new').fill(next);
  await field(page, 'es', 'profile', 'email.confirm').fill(`other-${email}`);
  await button(page, 'es', 'email.submit').click();
  await expect(field(page, 'es', 'profile', 'email.confirm')).toHaveAccessibleDescription(
    text('es', 'profile', 'email.mismatch'),
  );
  await field(page, 'es', 'profile', 'email.confirm').fill(next);
  await button(page, 'es', 'email.submit').click();
  await expect(status(page)).toHaveText(text('es', 'common', 'profileMessages.emailChangeSent'));
  await expect(main(page)).toContainText(say('es', 'profile', 'email.pending', { email: next }));
  await expectNoAxeViolations(page);

  await expect.poll(async () => (await mailsTo(next)).length).toBe(1);
  const [mail] = await mailsTo(next);
  if (!mail) throw new Error('no mail');
  expect(mail.subject).toBe('Confirme su nueva dirección de correo electrónico');
  await page.goto(linkAndCode(mail).link);
  await expect(main(page)).toContainText(say('es', 'profile', 'email.current', { email: next }));
  await expect(main(page)).not.toContainText(text('es', 'profile', 'email.pending').slice(0, 20));
});

test('the password change needs the current password', async ({ page, consoleWatch }) => {
  const { email } = await openProfile(page, 'en', '?tab=settings');
  await field(page, 'en', 'profile', 'password.current').fill('Wrong-pass1!');
  await field(page, 'en', 'account', 'fields.newPassword').fill('Brand-new-pass2!');
  await field(page, 'en', 'account', 'fields.confirmPassword').fill('Brand-new-pass2!');
  await button(page, 'en', 'password.submit').click();
  await expect(alert(page)).toContainText(text('en', 'account', 'problems.currentPasswordWrong'));
  consoleWatch.expectFailedRequests('/auth/v1/user');
  await expect(field(page, 'en', 'account', 'fields.newPassword')).toHaveValue('Brand-new-pass2!');

  await field(page, 'en', 'profile', 'password.current').fill(PASSWORD);
  await button(page, 'en', 'password.submit').click();
  await expect(status(page)).toHaveText(text('en', 'common', 'profileMessages.passwordChanged'));
  const client = createClient(STACK_URL, E2E_KEYS.anonKey, { auth: { persistSession: false } });
  const signedIn = await client.auth.signInWithPassword({ email, password: 'Brand-new-pass2!' });
  expect(signedIn.error).toBeNull();
});

test('the export holds every row of the person; the deletion leaves none, nor the old session', async ({
  page,
  consoleWatch,
}) => {
  const { userId, session } = await openProfile(page, 'fr', '?tab=settings');
  const own = createClient(STACK_URL, E2E_KEYS.anonKey, {
    auth: { persistSession: false },
    global: { headers: { authorization: `Bearer ${session.access_token}` } },
  });
  expect(
    (await own.from('favorites').insert({ user_id: userId, token_id: 'bitcoin' })).error,
  ).toBeNull();
  await own.storage
    .from('avatars')
    .upload(`${userId}/avatar-1.png`, PNG, { contentType: 'image/png' });

  const download = page.waitForEvent('download');
  await button(page, 'fr', 'export.submit').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^blockademia-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    user: { id: string; email: string };
    favorites: { token_id: string }[];
    profile: { user_id: string };
  };
  expect(exported.user.id).toBe(userId);
  expect(exported.favorites.map((row) => row.token_id)).toEqual(['bitcoin']);
  expect(exported.profile.user_id).toBe(userId);
  await expect(status(page)).toContainText(text('fr', 'common', 'profileMessages.exportReady'));

  const word = field(page, 'fr', 'profile', 'delete.label');
  await word.fill('supprimer');
  await button(page, 'fr', 'delete.submit').click();
  await expect(word).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(text('fr', 'profile', 'delete.wrongWord'))),
  );
  await expectNoAxeViolations(page);
  await word.fill('SUPPRIMER');
  await button(page, 'fr', 'delete.submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: text('fr', 'common', 'profileMessages.deleted') }),
  ).toBeVisible();
  // Forgetting the session of a user who no longer exists: the stack answers 403, as GoTrue.
  consoleWatch.expectFailedRequests('/auth/v1/logout');

  for (const table of ['profiles', 'favorites', 'user_roles', 'learning_progress'] as const) {
    const rows = await service.from(table).select('user_id').eq('user_id', userId);
    expect(rows.data, table).toEqual([]);
  }
  expect((await service.storage.from('avatars').list(userId)).data).toEqual([]);
  expect((await service.auth.admin.getUserById(userId)).data.user).toBeNull();
  const stale = createClient(STACK_URL, E2E_KEYS.anonKey, { auth: { persistSession: false } });
  expect((await stale.auth.getUser(session.access_token)).data.user).toBeNull();
  expect(
    (await stale.auth.refreshSession({ refresh_token: session.refresh_token })).error,
  ).not.toBeNull();
});

test('signed out, the page offers the sign-in that comes back to it', async ({ page }) => {
  const { email } = await confirmedAccount('profile-return', PASSWORD);
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/profile');
  await main(page)
    .getByRole('link', { name: text('en', 'pages', 'state.signIn') })
    .click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  await field(page, 'en', 'account', 'fields.email').fill(email);
  await field(page, 'en', 'account', 'fields.password').fill(PASSWORD);
  await main(page)
    .getByRole('button', { name: text('en', 'account', 'signIn.submit'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main(page)).toContainText(email);
});

test('keyboard only: the tabs, then a field and its save', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'a phone has no keyboard');
  await openProfile(page, 'en', '', 'dark');
  // The profile's data is in: nothing replaces the tabs any more.
  await expect(main(page).getByText(text('en', 'profile', 'facts.memberSince'))).toBeVisible();
  const settings = main(page).getByRole('link', { name: text('en', 'profile', 'tabs.settings') });
  await settings.focus();
  await expect(settings).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=settings/);
  await field(page, 'en', 'profile', 'email.new').focus();
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expect(field(page, 'en', 'profile', 'email.new')).toBeFocused();
  await expect(field(page, 'en', 'profile', 'email.new')).toHaveAccessibleDescription(
    text('en', 'account', 'errors.emailInvalid'),
  );
  await expectNoAxeViolations(page);
});
