import { createClient } from '@supabase/supabase-js';
import type { Page, TestInfo } from '@playwright/test';
import { fakeTermSlug } from '../support/fakeChatCompletions';
import { confirmedAccount, confirmedAdmin, service, signInWith } from './accounts';
import { CONTROL_URL, E2E_KEYS, STACK_URL } from './environment';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openPage, say, text, usePreferences } from './support';

// The content generator against the local stack and its fake OpenAI-compatible model, at 1440px
// and 375px: a rate limit and unusable answers say so and keep the topic; a draft is generated,
// edited in one language, checked live, published and read on its public page; the form works
// with the keyboard (and passes axe with a draft open); a generator without settings says what to set and sends nothing; members
// are refused by the page and by the server. The fake answers per topic, and every topic here
// is unique, so tests running at the same time never see each other's modes or drafts.

const PASSWORD = 'Generator-admin1!';
const PATH = '/admin/content-generator';
const FUNCTION_PATH = '/functions/v1/generate-content';
const main = (page: Page) => page.getByRole('main');
const en = (namespace: string, path: string, values: Record<string, string | number> = {}) =>
  say('en', namespace, path, values);

/** Light at 1440px, dark at 375px: both themes pass axe without doubling the runs. */
const themeOf = (testInfo: TestInfo) =>
  testInfo.project.name.endsWith('mobile') ? ('dark' as const) : ('light' as const);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const adminAccount = (prefix: string) => confirmedAdmin(prefix, PASSWORD);

/** How the fake model answers requests on this topic from now on. */
async function fakeModel(mode: string, topic: string): Promise<void> {
  const query = new URLSearchParams({ mode, topic });
  const response = await fetch(`${CONTROL_URL}/generator?${query.toString()}`, { method: 'POST' });
  expect(response.status).toBe(200);
}

async function draftsOn(topic: string): Promise<{ status: string }[]> {
  const { data, error } = await service
    .from('generated_content')
    .select('status')
    .eq('topic', topic);
  if (error) throw new Error(error.message);
  return data;
}

async function openGenerator(page: Page, session: Parameters<typeof signInWith>[1]) {
  await signInWith(page, session);
  await openPage(page, PATH);
  await expect(
    main(page).getByText(en('adminGenerator', 'settings.ready', { model: 'fake-model' })),
  ).toBeVisible();
}

const topicField = (page: Page) =>
  main(page).getByRole('textbox', { name: en('adminGenerator', 'form.topic'), exact: true });
const generateButton = (page: Page) =>
  main(page).getByRole('button', { name: en('adminGenerator', 'form.generate') });

test('a rate limit and unusable answers say what happened, keep the topic and store nothing', async ({
  page,
  consoleWatch,
}, testInfo) => {
  const admin = await adminAccount('generator-failures');
  const topic = `Rate limit ${unique()}`;
  await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
  await openGenerator(page, admin.session);

  const alert = main(page).getByRole('alert').filter({ hasText: /\S/ });
  await fakeModel('rate-limited', topic);
  await topicField(page).fill(topic);
  await generateButton(page).click();
  await expect(alert).toContainText(
    en('adminGenerator', 'errors.rateLimitedSeconds_other', { count: 30 }),
  );
  await expect(topicField(page)).toHaveValue(topic);

  await fakeModel('not-json', topic);
  await generateButton(page).click();
  await expect(alert).toContainText(en('adminGenerator', 'errors.malformed'));
  await expect(topicField(page)).toHaveValue(topic);

  await fakeModel('wrong-shape', topic);
  await generateButton(page).click();
  await expect(alert).toContainText(en('adminGenerator', 'errors.malformedRules'));
  await expect(alert.getByRole('listitem').filter({ hasText: 'category' })).toContainText(
    en('admin', 'problems.notAllowed'),
  );
  await expect(topicField(page)).toHaveValue(topic);
  await expectNoAxeViolations(page);

  expect(await draftsOn(topic)).toEqual([]);
  consoleWatch.expectFailedRequests(FUNCTION_PATH);
});

test('a term is generated, edited in one language, checked live and published to the dictionary', async ({
  page,
}, testInfo) => {
  const admin = await adminAccount('generator-publish');
  const id = unique();
  const topic = `Merkle proof ${id}`;
  const slug = fakeTermSlug(topic);
  const spanishTitle = `Prueba de Merkle ${id}`;
  await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
  await openGenerator(page, admin.session);

  await topicField(page).fill(topic);
  await generateButton(page).click();
  const review = main(page).getByRole('region', {
    name: en('adminGenerator', 'review.title', { target: `Merkle proof ${id}` }),
  });
  await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(review).toContainText(en('adminGenerator', 'review.ready'));
  expect(await draftsOn(topic)).toEqual([{ status: 'draft' }]);
  const draftsList = main(page).getByRole('region', { name: en('adminGenerator', 'drafts.title') });
  await expect(draftsList.getByRole('listitem').filter({ hasText: topic })).toContainText(
    en('adminGenerator', 'statuses.draft'),
  );

  // The three languages side by side; a broken field says what is wrong at once.
  const language = (name: string) => review.getByRole('group', { name });
  const englishBody = language('English').getByLabel(en('adminGenerator', 'review.fields.body'));
  const body = await englishBody.inputValue();
  await englishBody.fill('Too short.');
  await expect(language('English')).toContainText(
    en('admin', 'problems.wordCount', { words: 2, min: 80, max: 250 }),
  );
  await expect(review).toContainText(en('adminGenerator', 'review.problems_one', { count: 1 }));
  await review.getByRole('button', { name: en('adminGenerator', 'review.publish') }).click();
  await expect(review.getByRole('alert')).toContainText(
    en('adminGenerator', 'errors.fixFirst_one', { count: 1 }),
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await englishBody.fill(body);
  await language('Spanish')
    .getByLabel(en('adminGenerator', 'review.fields.title'))
    .fill(spanishTitle);
  await expect(review).toContainText(en('adminGenerator', 'review.ready'));

  await review.getByRole('button', { name: en('adminGenerator', 'review.publish') }).click();
  const dialog = page.getByRole('dialog', {
    name: en('adminGenerator', 'review.confirmPublish.title'),
  });
  await expect(dialog).toContainText(`/dictionary/${slug}`);
  await dialog.getByRole('button', { name: en('adminGenerator', 'review.publish') }).click();
  await expect(dialog).toBeHidden();
  await expect(
    review.getByRole('status').filter({ hasText: en('adminGenerator', 'review.published') }),
  ).toBeVisible();
  expect(await draftsOn(topic)).toEqual([{ status: 'published' }]);

  await review.getByRole('link', { name: en('adminGenerator', 'review.publishedLink') }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionary/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic);
  await page.evaluate(() => {
    localStorage.setItem('language', 'es');
  });
  await openPage(page, `/dictionary/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanishTitle);
});

test('a section of a sheet is generated, edited and published to the sheet', async ({
  page,
}, testInfo) => {
  const admin = await adminAccount('generator-section');
  // One sheet per project: the two projects run at the same time.
  const token = testInfo.project.name.endsWith('mobile') ? '1inch' : 'aelf';
  const id = unique();
  const topic = `Mistakes ${id}`;
  const added = `Mixing up the ${id} contract with a copy`;
  await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
  await openGenerator(page, admin.session);

  await main(page)
    .getByRole('radio', { name: en('adminGenerator', 'form.kinds.tokenSection') })
    .check();
  const sheet = main(page).getByRole('combobox', { name: en('adminGenerator', 'form.token') });
  await sheet.click();
  await sheet.fill(token);
  await page.keyboard.press('Enter');
  await main(page)
    .getByRole('combobox', { name: en('adminGenerator', 'form.section'), exact: true })
    .selectOption({ label: en('tokens', 'sheet.commonMistakes') });
  await main(page)
    .getByRole('textbox', { name: en('adminGenerator', 'form.topicOptional') })
    .fill(topic);
  await generateButton(page).click();

  const review = main(page).getByRole('region', {
    name: en('adminGenerator', 'review.title', {
      target: `${token} · ${en('tokens', 'sheet.commonMistakes')}`,
    }),
  });
  await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
  const english = review
    .getByRole('group', { name: 'English' })
    .getByLabel(en('tokens', 'sheet.commonMistakes'));
  await expect(english).toHaveValue(/network/);
  await english.fill(`${await english.inputValue()}\n${added}`);
  await expect(review).toContainText(en('adminGenerator', 'review.ready'));
  await review.getByRole('button', { name: en('adminGenerator', 'review.publish') }).click();
  const dialog = page.getByRole('dialog', {
    name: en('adminGenerator', 'review.confirmPublish.title'),
  });
  await dialog.getByRole('button', { name: en('adminGenerator', 'review.publish') }).click();
  await expect(dialog).toBeHidden();
  expect(await draftsOn(topic)).toEqual([{ status: 'published' }]);

  await review.getByRole('link', { name: en('adminGenerator', 'review.publishedLink') }).click();
  await expect(page).toHaveURL(new RegExp(`/tokens/${token}$`));
  await expect(main(page).getByText(added)).toBeVisible();
});

test('the form works with the keyboard alone, from the kind of draft to the review', async ({
  page,
}, testInfo) => {
  const admin = await adminAccount('generator-keyboard');
  const topic = `Keyboard entry ${unique()}`;
  await usePreferences(page, { language: 'en', theme: themeOf(testInfo) });
  await openGenerator(page, admin.session);

  const term = main(page).getByRole('radio', { name: en('adminGenerator', 'form.kinds.term') });
  await expect(term).toBeChecked();
  await term.focus();
  await page.keyboard.press('Tab');
  await expect(topicField(page)).toBeFocused();
  // Enter with an empty topic: checked here, nothing is sent.
  await page.keyboard.press('Enter');
  await expect(main(page).getByText(en('adminGenerator', 'form.topicRequired'))).toBeVisible();
  await expect(topicField(page)).toBeFocused();
  await page.keyboard.type(topic);
  await page.keyboard.press('Tab');
  await expect(generateButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  const review = main(page).getByRole('region', {
    name: en('adminGenerator', 'review.title', { target: topic }),
  });
  await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(review.getByLabel(en('adminGenerator', 'review.slug'))).toBeFocused();
  await expect(review.getByLabel(en('adminGenerator', 'review.slug'))).toHaveValue(
    fakeTermSlug(topic),
  );
  expect(await draftsOn(topic)).toEqual([{ status: 'draft' }]);
  // The review open: the three languages side by side, the drafts list below.
  await expectNoAxeViolations(page);
});

test('without settings the page lists the variables to set and sends nothing', async ({
  page,
}, testInfo) => {
  const admin = await adminAccount('generator-settings');
  const generations: string[] = [];
  // The function as it answers when GENERATOR_BASE_URL and GENERATOR_MODEL are unset.
  await page.route(`**${FUNCTION_PATH}`, async (route) => {
    const headers = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
    };
    if (route.request().method() === 'OPTIONS') {
      await route.fulfill({ status: 200, headers, body: 'ok' });
      return;
    }
    if (!(route.request().postData() ?? '').includes('"status"')) {
      generations.push(route.request().postData() ?? '');
    }
    await route.fulfill({
      status: 200,
      headers,
      json: {
        configured: false,
        problems: [
          { variable: 'GENERATOR_BASE_URL', problem: 'missing' },
          { variable: 'GENERATOR_MODEL', problem: 'missing' },
        ],
      },
    });
  });
  await usePreferences(page, { language: 'fr', theme: themeOf(testInfo) });
  await signInWith(page, admin.session);
  await openPage(page, PATH);

  const notice = main(page)
    .getByRole('note')
    .filter({
      hasText: text('fr', 'adminGenerator', 'settings.missingTitle'),
    });
  await expect(notice).toContainText('docs/admin.md');
  for (const variable of [
    'GENERATOR_BASE_URL',
    'GENERATOR_MODEL',
    'GENERATOR_API_KEY',
    'GENERATOR_TIMEOUT_SECONDS',
  ]) {
    await expect(notice).toContainText(variable);
  }
  await expect(notice.getByRole('listitem').first()).toContainText(
    text('fr', 'adminGenerator', 'settings.missing'),
  );
  const topic = main(page).getByRole('textbox', {
    name: text('fr', 'adminGenerator', 'form.topic'),
    exact: true,
  });
  await expect(topic).toBeDisabled();
  await main(page)
    .getByRole('button', { name: text('fr', 'adminGenerator', 'form.generate') })
    .click({ force: true });
  await expectNoAxeViolations(page);
  expect(generations).toEqual([]);
});

test('a signed-in member is refused by the page and by the server', async ({ page }) => {
  const member = await confirmedAccount('generator-refused', PASSWORD);
  await usePreferences(page, { language: 'en' });
  await signInWith(page, member.session);
  await openPage(page, PATH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('en', 'pages', 'adminContentGenerator.title'),
  );
  await expect(main(page).getByText(text('en', 'pages', 'state.adminOnly'))).toBeVisible();
  await expect(main(page).locator('form')).toHaveCount(0);
  await expect(main(page).getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const client = createClient(STACK_URL, E2E_KEYS.anonKey, {
    auth: { persistSession: false },
    global: { headers: { Authorization: `Bearer ${member.session.access_token}` } },
  });
  const generation = await fetch(`${STACK_URL}${FUNCTION_PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.session.access_token}`,
      apikey: E2E_KEYS.anonKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ kind: 'term', topic: `Refused ${unique()}` }),
  });
  expect(generation.status).toBe(403);
  expect(await generation.json()).toEqual({ error: 'forbidden' });
  const publish = await client.rpc('admin_publish_draft', {
    _id: '00000000-0000-4000-8000-000000000000',
    _payload: {},
  });
  expect([publish.status, publish.error?.code]).toEqual([403, '42501']);
  expect((await client.from('generated_content').select('id').limit(1)).data).toEqual([]);
  const insert = await client
    .from('generated_content')
    .insert({ kind: 'term', target: 'term:forged', payload: {} });
  expect(insert.error?.code).toBe('42501');
});
