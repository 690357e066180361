import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, confirmedAdmin, service, signInWith } from './accounts';
import {
  expectNoAxeViolations,
  LANGUAGES,
  type Language,
  openPage,
  say,
  text,
  usePreferences,
} from './support';

// The token sheets' admin against the local stack, at 1440px and 375px: an admin edits a
// sheet's summary in the three languages (a blank one refused first, nothing typed lost) and
// sees it on the public page at once; creates a sheet for an id the fake provider knows (an id
// it does not know refused, the check filling the symbol and the name), with an uploaded icon
// (a PNG; on the phone run an SVG, stored as the PNG the browser drew of it), sees it, and
// deletes it after a confirmation; a user who is not an admin is refused;
// the editor works from the keyboard; axe finds nothing, light and dark.
// The suite shares one stack: each project edits sheets of its own and puts their texts back,
// and every created sheet has an id of its own and is deleted at the end.

const PASSWORD = 'Admin-pass1!';
const NAMES: Record<Language, string> = { fr: 'Français', en: 'English', es: 'Español' };

const main = (page: Page) => page.getByRole('main');
const en = (path: string, values?: Record<string, string | number>) =>
  say('en', 'adminTokens', path, values);
/** The text box of a section in a language, as its label reads (`In short, English`). */
const textBox = (page: Page, section: string, language: Language) =>
  main(page).getByLabel(`${text('en', 'tokens', `sheet.${section}`)}, ${NAMES[language]}`, {
    exact: true,
  });
const saveButton = (page: Page) => main(page).getByRole('button', { name: en('editor.save') });
const status = (page: Page) => main(page).locator('form [role="status"]').last();

function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** An SVG that would run a script if it were ever served as a document. */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script>' +
    '<circle cx="16" cy="16" r="15" fill="#f59e0b"/></svg>',
);

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The summaries of a sheet as stored, to put them back after the test. */
async function summaries(
  id: string,
): Promise<{ language: string; quick_summary: string | null }[]> {
  const { data, error } = await service
    .from('token_translations')
    .select('language, quick_summary')
    .eq('token_id', id);
  if (error) throw new Error(error.message);
  return data;
}

async function restoreSummaries(
  id: string,
  rows: { language: string; quick_summary: string | null }[],
): Promise<void> {
  for (const row of rows) {
    const { error } = await service
      .from('token_translations')
      .update({ quick_summary: row.quick_summary })
      .eq('token_id', id)
      .eq('language', row.language);
    if (error) throw new Error(error.message);
  }
}

/** Follows a link of the header (in the menu on phones), without reloading the app. */
async function inAppTo(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: text('en', 'common', 'nav.openMenu') });
  if (await menu.isVisible()) await menu.click();
  // The admin link also carries the count of unread messages.
  await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
}

test('a user who is not an admin is refused, and calls no admin function', async ({ page }) => {
  const user = await confirmedAccount('tokens-refused', PASSWORD);
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/rest/v1/rpc/admin_') || url.includes('/functions/v1/provider-coin')) {
      adminCalls.push(url);
    }
  });
  await usePreferences(page, { language: 'en' });
  await signInWith(page, user.session);
  await openPage(page, '/admin/tokens?edit=bitcoin');
  await expect(main(page)).toContainText(text('en', 'pages', 'state.adminOnly'));
  await expect(main(page).getByRole('textbox')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  await expectNoAxeViolations(page);
});

test('edit a sheet in three languages: a blank summary refused, then the public page shows it', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  // Each project edits a sheet of its own, which no other spec reads.
  const sheet = info.project.name.endsWith('mobile')
    ? { id: 'victoria-vr', name: 'Victoria VR' }
    : { id: 'vulcan-forged', name: 'Vulcan Forged' };
  const before = await summaries(sheet.id);
  const admin = await confirmedAdmin('tokens-edit', PASSWORD);
  const edited: Record<Language, string> = {
    fr: `Résumé relu ${unique('fr')}.`,
    en: `Reviewed summary ${unique('en')}.`,
    es: `Resumen revisado ${unique('es')}.`,
  };
  await usePreferences(page, { language: 'en' });
  await signInWith(page, admin.session);
  try {
    // The public sheet read first, so that it is in the app's cache when the admin edits it.
    await openPage(page, `/tokens/${sheet.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sheet.name);
    await inAppTo(page, 'Admin');
    await main(page)
      .getByRole('navigation', { name: text('en', 'admin', 'nav.label') })
      .getByRole('link', { name: text('en', 'admin', 'nav.tokens') })
      .click();
    await expect(main(page).getByRole('heading', { name: en('list.title') })).toBeVisible();
    await main(page)
      .getByRole('searchbox', { name: en('list.searchLabel') })
      .fill(sheet.name.split(' ')[0] ?? '');
    await expect(main(page)).toContainText(en('list.count_one', { count: 1 }));
    await expectNoAxeViolations(page);
    await main(page).getByRole('link', { name: sheet.name }).click();
    await expect(
      main(page).getByRole('heading', { name: en('editor.editTitle', { name: sheet.name }) }),
    ).toBeFocused();

    for (const language of LANGUAGES) {
      await textBox(page, 'quickSummary', language).fill(edited[language]);
    }
    // A blank summary: refused on leaving it, and on saving, with the focus brought to it.
    await textBox(page, 'quickSummary', 'en').fill('   ');
    await textBox(page, 'quickSummary', 'en').blur();
    await expect(textBox(page, 'quickSummary', 'en')).toHaveAccessibleDescription(
      text('en', 'admin', 'problems.empty'),
    );
    await saveButton(page).click();
    await expect(main(page).getByRole('alert')).toHaveText(en('editor.problems_one', { count: 1 }));
    await expect(textBox(page, 'quickSummary', 'en')).toBeFocused();
    await expect(textBox(page, 'quickSummary', 'fr')).toHaveValue(edited.fr);
    await expect(textBox(page, 'quickSummary', 'es')).toHaveValue(edited.es);
    await expectNoAxeViolations(page);

    await textBox(page, 'quickSummary', 'en').fill(edited.en);
    await saveButton(page).click();
    await expect(status(page)).toHaveText(en('editor.status.saved'));

    // The preview shows each language as the public page would.
    await main(page)
      .getByRole('button', { name: en('editor.preview.show') })
      .click();
    const preview = main(page).locator('.admin-sheet__preview');
    await expect(preview).toContainText(edited.fr);
    await main(page)
      .getByRole('group', { name: en('editor.preview.language') })
      .getByRole('button', { name: NAMES.es })
      .click();
    await expect(preview).toContainText(edited.es);
    await expect(
      preview.getByRole('heading', { name: text('es', 'tokens', 'sheet.guide') }),
    ).toBeVisible();

    // The public page shows the change at once, though the app had read it before.
    await main(page)
      .getByRole('link', { name: en('editor.publicPage') })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sheet.name);
    await expect(main(page)).toContainText(edited.en);
    await page.evaluate(() => {
      localStorage.setItem('language', 'es');
    });
    await page.reload();
    await expect(main(page)).toContainText(edited.es);
  } finally {
    await restoreSummaries(sheet.id, before);
  }
});

test('create a sheet for an id the provider knows, with an uploaded icon, then delete it', async ({
  page,
  consoleWatch,
}, info) => {
  test.setTimeout(60_000);
  const admin = await confirmedAdmin('tokens-create', PASSWORD);
  const id = unique('e2e-coin');
  // What the fake provider answers for this id (tests/support/fakeMarketProvider.ts).
  const symbol = id
    .replaceAll(/[^a-z0-9]/g, '')
    .slice(0, 4)
    .toUpperCase();
  const name = id
    .split(/[-_.]/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await signInWith(page, admin.session);
  try {
    await openPage(page, '/admin/tokens');
    await main(page)
      .getByRole('link', { name: en('list.new') })
      .click();
    await expect(main(page).getByRole('heading', { name: en('editor.newTitle') })).toBeFocused();
    const idBox = main(page).getByLabel(en('editor.fields.id'), { exact: true });
    const check = main(page).getByRole('button', { name: en('editor.check.button') });

    // An id the provider does not know is refused by the check.
    await idBox.fill(`unlisted-${id}`);
    await check.click();
    await expect(idBox).toHaveAttribute('aria-invalid', 'true');
    await expect(idBox).toHaveAccessibleDescription(
      new RegExp(en('editor.check.notFound').replaceAll(/[.()]/g, '\\$&')),
    );

    // A known one fills the symbol and the name in.
    await idBox.fill(id);
    await check.click();
    await expect(main(page)).toContainText(`${name} (${symbol})`);
    await expect(main(page).getByLabel(en('editor.fields.symbol'), { exact: true })).toHaveValue(
      symbol,
    );
    await expect(main(page).getByLabel(en('editor.fields.name'), { exact: true })).toHaveValue(
      name,
    );
    // Far down the list: in-depth sections are not required there.
    await main(page).getByLabel(en('editor.fields.rank'), { exact: true }).fill('4999');

    // Creating before the texts are written: refused, nothing typed lost.
    await main(page)
      .getByRole('button', { name: en('editor.create') })
      .click();
    await expect(main(page).getByRole('alert')).toContainText(/problems to fix before saving/);
    await expect(main(page).getByLabel(en('editor.fields.website'), { exact: true })).toBeFocused();
    await expect(idBox).toHaveValue(id);
    await expectNoAxeViolations(page);

    await main(page)
      .getByLabel(en('editor.fields.website'), { exact: true })
      .fill('https://example.org/coin');
    for (const language of LANGUAGES) {
      for (const section of ['about', 'quickSummary', 'howToBuy', 'howToStore']) {
        await textBox(page, section, language).fill(`${section} of ${id} (${language}).`);
      }
      for (const section of ['useCases', 'strengths', 'challenges', 'commonMistakes']) {
        await textBox(page, section, language).fill(`First ${section}\nSecond ${section}`);
      }
    }
    // A PNG goes as it is; an SVG (on the phone run) is drawn as a PNG before it is sent.
    const svg = info.project.name.endsWith('mobile');
    await main(page)
      .getByLabel(en('editor.icon.choose'))
      .setInputFiles(
        svg
          ? { name: 'icon.svg', mimeType: 'image/svg+xml', buffer: SVG }
          : { name: 'icon.png', mimeType: 'image/png', buffer: PNG },
      );
    await expect(main(page)).toContainText(en('editor.icon.pending'));
    await main(page)
      .getByRole('button', { name: en('editor.create') })
      .click();

    await expect(page).toHaveURL(new RegExp(`\\?edit=${id}$`));
    await expect(status(page)).toHaveText(en('editor.status.created'));
    await expect(main(page)).toContainText(en('editor.icon.uploaded'));
    const row = await service
      .from('tokens')
      .select('symbol, name, rank, icon_path')
      .eq('id', id)
      .single();
    const stored = row.data as { icon_path: string | null } | null;
    expect(stored).toMatchObject({ symbol, name, rank: 4999 });
    expect(stored?.icon_path).toMatch(new RegExp(`^${id}/icon-\\d+\\.png$`));
    const { data: file } = await service.storage
      .from('token-icons')
      .download(stored?.icon_path ?? '');
    const bytes = Buffer.from((await file?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(bytes.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    if (!svg) expect(bytes).toEqual(PNG);

    // The public page shows the sheet with its uploaded icon.
    await main(page)
      .getByRole('link', { name: en('editor.publicPage') })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const icon = main(page).locator('header img.token-icon');
    await expect(icon).toHaveAttribute('src', /\/storage\/v1\/object\/public\/token-icons\//);
    await expect
      .poll(() => icon.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(main(page)).toContainText(`about of ${id} (en).`);
    await page.goBack();

    // Deleting asks first, saying what goes with the sheet.
    await main(page)
      .getByRole('button', { name: en('editor.delete.button') })
      .click();
    const dialog = page.getByRole('dialog', { name: en('editor.delete.title', { name }) });
    await expect(dialog).toContainText(en('editor.delete.text'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: en('editor.delete.confirm') }).click();
    await expect(main(page).getByRole('status').first()).toHaveText(en('list.deleted', { name }));
    const { data: gone } = await service.from('tokens').select('id').eq('id', id);
    expect(gone).toEqual([]);
    const { data: files } = await service.storage.from('token-icons').list(id);
    expect(files).toEqual([]);
    // The editor looked for a bundled icon of the new id, which has none: that miss is expected.
    consoleWatch.expectFailedRequests('/token-icons/');
  } finally {
    await service.from('tokens').delete().eq('id', id);
  }
});

test('keyboard only: open a sheet from the list, save it, and leave the delete question', async ({
  page,
}, info) => {
  test.skip(info.project.name.endsWith('mobile'), 'a phone has no keyboard');
  const admin = await confirmedAdmin('tokens-keyboard', PASSWORD);
  await usePreferences(page, { language: 'en' });
  await signInWith(page, admin.session);
  await openPage(page, '/admin/tokens?q=unizen');
  const link = main(page).getByRole('link', { name: 'Unizen' });
  await link.focus();
  await page.keyboard.press('Enter');
  const heading = main(page).getByRole('heading', {
    name: en('editor.editTitle', { name: 'Unizen' }),
  });
  await expect(heading).toBeFocused();
  // Enter in a field sends the form, as in any form.
  await main(page).getByLabel(en('editor.fields.name'), { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText(en('editor.status.saved'));

  const remove = main(page).getByRole('button', { name: en('editor.delete.button') });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {
    name: en('editor.delete.title', { name: 'Unizen' }),
  });
  await expect(
    dialog.getByRole('button', { name: text('en', 'admin', 'actions.cancel') }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  const { data } = await service.from('tokens').select('id').eq('id', 'unizen');
  expect(data).toEqual([{ id: 'unizen' }]);
  await expectNoAxeViolations(page);
});
