import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, confirmedAdmin, service, signInWith } from './accounts';
import { expectNoAxeViolations, openPage, say, text, usePreferences } from './support';

// The dictionary's admin against the local stack, at 1440px and 375px: an admin creates a term
// in the three languages (a too-short explanation refused first, nothing typed lost), finds it
// on the public dictionary, edits it, previews it and deletes it; a user who is not an admin is
// refused; the search and the editor work from the keyboard; axe finds nothing, light and dark.
// Every run uses a slug of its own and deletes its term: the suite shares one stack.

const PASSWORD = 'Admin-pass1!';
const main = (page: Page) => page.getByRole('main');
const en = (path: string, values?: Record<string, string | number>) =>
  say('en', 'adminTerms', path, values);

function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** An explanation of `count` distinct words. */
const words = (count: number, word: string) =>
  Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');

const editor = (page: Page) => main(page).locator('.admin-terms__editor');
const language = (page: Page, name: string) =>
  editor(page).getByRole('group', { name: en(`editor.language.${name}`) });
const field = (group: Locator, name: string) =>
  group.getByLabel(en(`editor.fields.${name}`), { exact: true });

async function openTermsAdmin(page: Page, search = ''): Promise<void> {
  await openPage(page, `/admin/terms${search}`);
  await expect(main(page).getByRole('heading', { name: en('list.title') })).toBeVisible();
}

/** Follows a link of the header (in the menu on phones), without reloading the app. */
async function inAppTo(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: text('en', 'common', 'nav.openMenu') });
  if (await menu.isVisible()) await menu.click();
  // The admin link also carries the count of unread messages.
  await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
}

async function chooseRelated(page: Page, slug: string): Promise<void> {
  const related = editor(page).getByLabel(en('editor.related'), { exact: true });
  await related.fill(slug);
  await expect(page.locator('.ant-select-item-option-active')).toContainText(`(${slug})`);
  await related.press('Enter');
}

test('a user who is not an admin is refused, and calls no admin function', async ({ page }) => {
  const user = await confirmedAccount('terms-refused', PASSWORD);
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/admin_')) adminCalls.push(request.url());
  });
  await usePreferences(page, { language: 'en' });
  await signInWith(page, user.session);
  await openPage(page, '/admin/terms');
  await expect(main(page)).toContainText(text('en', 'pages', 'state.adminOnly'));
  await expect(main(page).getByRole('table')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  await expectNoAxeViolations(page);
});

test('create a term in three languages: refused first, nothing lost, then on the dictionary at once', async ({
  page,
}) => {
  // A whole journey in three languages: 28-30 s on a loaded 2-core machine, the default's limit.
  test.setTimeout(60_000);
  const admin = await confirmedAdmin('terms-create', PASSWORD);
  const slug = unique('e2e-term');
  const title = { fr: `Terme ${slug}`, en: `Term ${slug}`, es: `Término ${slug}` };
  const saveButton = () =>
    editor(page).getByRole('button', { name: text('en', 'admin', 'actions.save') });
  await usePreferences(page, { language: 'en' });
  await signInWith(page, admin.session);
  try {
    // The dictionary read first, so that its list is in the app's cache when the term is made.
    await openPage(page, '/dictionary');
    await expect(main(page).locator('.term-card').first()).toBeVisible();
    await inAppTo(page, 'Admin');
    await main(page)
      .getByRole('navigation', { name: text('en', 'admin', 'nav.label') })
      .getByRole('link', { name: text('en', 'admin', 'nav.terms') })
      .click();
    await expect(main(page).getByRole('heading', { name: en('list.title') })).toBeVisible();

    await main(page)
      .getByRole('link', { name: en('list.create') })
      .click();
    await expect(
      editor(page).getByRole('heading', { name: en('editor.createTitle') }),
    ).toBeFocused();
    await editor(page).getByLabel(en('editor.slug'), { exact: true }).fill(slug);
    // Governance: the dictionary's own test counts the terms of two other categories.
    await editor(page)
      .getByLabel(en('editor.category'), { exact: true })
      .selectOption({ label: text('en', 'dictionary', 'category.governance') });
    await chooseRelated(page, 'blockchain');
    await chooseRelated(page, 'private-key');
    for (const name of ['fr', 'en', 'es'] as const) {
      const group = language(page, name);
      await field(group, 'title').fill(title[name]);
      await field(group, 'short_definition').fill(`Short definition of ${slug} (${name}).`);
      await field(group, 'example').fill(`An example of ${slug} (${name}).`);
      await field(group, 'body').fill(words(name === 'en' ? 12 : 90, name));
    }
    // Leaving the short explanation shows its problem next to it, in the reader's language.
    await field(language(page, 'en'), 'body').blur();
    await expect(editor(page)).toContainText(
      say('en', 'admin', 'problems.wordCount', { words: 12, min: 80, max: 250 }),
    );
    await expect(editor(page).getByRole('status')).toHaveText(
      en('editor.blocked_one', { count: 1 }),
    );
    // Axe on the whole page: the editor, a problem shown, and the list under it (cut down to
    // one row, which is enough to check a row and keeps axe quick).
    await main(page)
      .getByRole('searchbox', { name: en('list.searchLabel') })
      .fill('private-key');
    await expect(main(page).getByRole('table').getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page);

    // The button says it is unavailable (aria-disabled) but stays reachable: pressing it
    // moves the focus to the field to correct, and nothing typed is lost.
    await expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    await saveButton().focus();
    await page.keyboard.press('Enter');
    await expect(field(language(page, 'en'), 'body')).toBeFocused();
    await expect(field(language(page, 'es'), 'title')).toHaveValue(title.es);
    await field(language(page, 'en'), 'body').fill(words(90, 'en'));
    await expect(editor(page).getByRole('status')).toHaveText('');
    await saveButton().click();
    const saved = editor(page).getByRole('status');
    await expect(saved).toContainText(en('notice.saved', { title: title.en }));
    await expect(page).toHaveURL(new RegExp(`[?&]edit=${slug}$`));
    await main(page)
      .getByRole('searchbox', { name: en('list.searchLabel') })
      .fill(slug);
    await expect(
      main(page).getByRole('link', { name: en('list.editNamed', { title: title.en }) }),
    ).toBeVisible();

    // The public pages show it at once, the list the app had read before included.
    await saved.getByRole('link', { name: en('notice.open') }).click();
    await expect(page).toHaveURL(new RegExp(`/dictionary/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.en);
    await main(page)
      .getByRole('link', { name: text('en', 'dictionary', 'backToList') })
      .click();
    await main(page)
      .getByRole('searchbox', { name: text('en', 'dictionary', 'searchLabel') })
      .fill(title.en);
    await expect(main(page).getByRole('link', { name: title.en })).toBeVisible();
  } finally {
    // No term left behind for the other specs (the dictionary's counts them).
    await service.from('terms').delete().eq('slug', slug);
  }
});

/** A term written straight into the database, with its three languages. */
async function seedTerm(
  slug: string,
  related: string[],
): Promise<Record<'fr' | 'en' | 'es', string>> {
  const titles = { fr: `Terme ${slug}`, en: `Term ${slug}`, es: `Término ${slug}` };
  const inserted = await service
    .from('terms')
    .insert({ slug, category: 'governance', related_slugs: related })
    .select('id')
    .single();
  if (inserted.error) throw new Error(`seeding ${slug}: ${inserted.error.message}`);
  const id: unknown = inserted.data.id;
  const texts = await service.from('term_translations').insert(
    (['fr', 'en', 'es'] as const).map((name) => ({
      term_id: id,
      language: name,
      title: titles[name],
      short_definition: `Short definition of ${slug} (${name}).`,
      body: words(90, name),
      example: `An example of ${slug} (${name}).`,
    })),
  );
  if (texts.error) throw new Error(`seeding ${slug}: ${texts.error.message}`);
  return titles;
}

test('edit, preview and delete a term; the terms that linked to it lose the link', async ({
  page,
}) => {
  const admin = await confirmedAdmin('terms-edit', PASSWORD);
  const slug = unique('e2e-edit');
  const linking = unique('e2e-link');
  const saveButton = () =>
    editor(page).getByRole('button', { name: text('en', 'admin', 'actions.save') });
  try {
    const title = await seedTerm(slug, ['blockchain', 'private-key']);
    const linkingTitle = await seedTerm(linking, ['blockchain', slug]);
    await usePreferences(page, { language: 'en' });
    await signInWith(page, admin.session);
    await openTermsAdmin(page, `?edit=${slug}`);
    const edited = `Edited ${slug}`;
    await expect(field(language(page, 'en'), 'title')).toHaveValue(title.en);
    await field(language(page, 'en'), 'title').fill(edited);
    await saveButton().click();
    await expect(editor(page).getByRole('status')).toContainText(
      en('notice.saved', { title: edited }),
    );

    // The preview renders the term as its page does, in the language chosen.
    await editor(page)
      .getByRole('button', { name: en('preview.show') })
      .click();
    const preview = editor(page).locator('.admin-terms__preview');
    await expect(preview.getByRole('heading', { level: 4 })).toHaveText(edited);
    await editor(page)
      .getByRole('group', { name: en('preview.language') })
      .getByLabel(en('editor.language.es'))
      .check();
    await expect(preview.getByRole('heading', { level: 4 })).toHaveText(title.es);
    await expect(preview).toContainText(
      say('es', 'dictionary', 'categoryLabel', {
        name: text('es', 'dictionary', 'category.governance'),
      }),
    );
    await expect(
      preview.getByRole('link', { name: 'Blockchain (cadena de bloques)' }),
    ).toBeVisible();

    // The public page shows the edit.
    await editor(page)
      .getByRole('status')
      .getByRole('link', { name: en('notice.open') })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
    await page.goBack();

    // Deleting asks first, naming the term and the term that links to it.
    await editor(page)
      .getByRole('button', { name: en('delete.open') })
      .click();
    const dialog = page.getByRole('dialog', { name: en('delete.title', { title: edited }) });
    await expect(dialog).toContainText(en('delete.linked'));
    await expect(dialog.getByRole('listitem')).toHaveText([linkingTitle.en]);
    await dialog.getByRole('button', { name: en('delete.confirm') }).click();
    await expect(main(page).getByRole('status').first()).toHaveText(
      en('notice.deletedUnlinked', { title: edited, titles: linkingTitle.en }),
    );
    await expect(editor(page)).toHaveCount(0);
    await expect(
      main(page).getByRole('link', { name: en('list.editNamed', { title: edited }) }),
    ).toHaveCount(0);
    const { data } = await service.from('terms').select('related_slugs').eq('slug', linking);
    expect(data).toEqual([{ related_slugs: ['blockchain'] }]);
    await openPage(page, `/dictionary/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'common', 'notFound.title'),
    );
  } finally {
    await service.from('terms').delete().in('slug', [slug, linking]);
  }
});

test('from the keyboard: search the list and open a term in the editor, in dark mode', async ({
  page,
}) => {
  const admin = await confirmedAdmin('terms-keyboard', PASSWORD);
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await signInWith(page, admin.session);
  await openTermsAdmin(page);

  const search = main(page).getByRole('searchbox', { name: en('list.searchLabel') });
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    if (await search.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(search).toBeFocused();
  await page.keyboard.type('CLE PRIVEE');
  const open = main(page).getByRole('link', {
    name: en('list.editNamed', { title: 'Private key' }),
  });
  await expect(open).toBeVisible();
  await expect(main(page).getByRole('table').getByRole('row')).toHaveCount(2);

  // On to the category filter, the table's region and its sort buttons, then the term.
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('Tab');
    if (await open.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/edit=private-key/);
  const heading = editor(page).getByRole('heading', {
    name: en('editor.editTitle', { title: 'Private key' }),
  });
  await expect(heading).toBeFocused();
  await expect(field(language(page, 'en'), 'title')).toHaveValue('Private key');
  await expectNoAxeViolations(page);

  // Close, from the keyboard too: the focus comes back to the list.
  await page.keyboard.press('Tab');
  await expect(
    editor(page).getByRole('button', { name: text('en', 'admin', 'actions.close') }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor(page)).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: en('list.title') })).toBeFocused();
});
