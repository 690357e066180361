import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  confirmedAccount,
  freshEmail,
  linkAndCode,
  mailsTo,
  service,
  signInWith,
} from './accounts';
import { E2E_KEYS, STACK_URL } from './environment';
import {
  LANGUAGES,
  type Language,
  expectNoAxeViolations,
  openPage,
  say,
  text,
  usePreferences,
  watchConsole,
} from './support';

// Signing up, in and out of an account against the local stack and its mailbox, at 1440px and
// 375px: confirmation by link (PKCE, nothing left in the address) and by code, the password
// rule shown live, errors that reveal nothing, the passwordless link, the reset, and the mail
// language that follows the interface.

const main = (page: Page) => page.getByRole('main');
const STRONG = 'Blockademia1!';

function form(page: Page, language: Language) {
  const label = (key: string) =>
    main(page).getByLabel(text(language, 'account', `fields.${key}`), { exact: true });
  const button = (key: string) =>
    main(page).getByRole('button', { name: text(language, 'account', key), exact: true });
  return {
    email: label('email'),
    password: label('password'),
    code: label('code'),
    button,
    mode: (key: string) =>
      main(page).getByRole('link', { name: text(language, 'account', `modes.${key}`) }),
    alert: main(page).getByRole('alert').filter({ hasText: /\S/ }),
  };
}

/**
 * Waits for the sign-up form itself: the address changes as the mode link is followed, a moment
 * before the form replaces the sign-in one, whose fields bear the same labels.
 */
async function signUpFormShown(page: Page, language: Language) {
  await expect(
    main(page).getByRole('button', { name: text(language, 'account', 'signUp.submit') }),
  ).toBeVisible();
}

/** The mails to an address once there are `count` of them. */
async function waitForMails(email: string, count: number) {
  await expect.poll(async () => (await mailsTo(email)).length).toBe(count);
  return mailsTo(email);
}

/**
 * Whether the frame shows the account: the header's avatar (its first letter) at 1440px, the
 * drawer's account section at 375px.
 */
async function expectSignedIn(page: Page, language: Language, email: string) {
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    const menu = page.getByRole('button', { name: text(language, 'common', 'nav.accountMenu') });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(email.charAt(0).toUpperCase());
    await menu.click();
    await expectOnOneLine(page.getByRole('menu').getByText(email));
    await page.keyboard.press('Escape');
    return;
  }
  await page.getByRole('button', { name: text(language, 'common', 'nav.openMenu') }).click();
  await expect(page.getByRole('dialog')).toContainText(email);
  await expectOnOneLine(page.getByRole('dialog').getByText(email));
  await page.keyboard.press('Escape');
}

/**
 * An address is shown whole or ellipsised, on one line: never broken in the middle. The test
 * addresses (some 40 characters) are wider than the drawer's line at 375px, so that case is the
 * ellipsis: cut inside its box, the whole address still in the text for screen readers.
 */
async function expectOnOneLine(element: Locator) {
  const shown = await element.evaluate((node) => {
    const style = getComputedStyle(node);
    const fontSize = parseFloat(style.fontSize);
    const lineHeight =
      style.lineHeight === 'normal' ? fontSize * 1.2 : parseFloat(style.lineHeight);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return {
      lines: (node.getBoundingClientRect().height - padding) / lineHeight,
      whiteSpace: style.whiteSpace,
      overflowX: style.overflowX,
      textOverflow: style.textOverflow,
      cut: node.scrollWidth > node.clientWidth,
    };
  });
  expect(shown.lines).toBeLessThan(1.5);
  expect(shown).toMatchObject({
    whiteSpace: 'nowrap',
    overflowX: 'hidden',
    textOverflow: 'ellipsis',
  });
  if ((element.page().viewportSize()?.width ?? 0) < 768) expect(shown.cut).toBe(true);
}

/** The frame's login link: in the header at 1440px, in the drawer at 375px. */
function loginLink(page: Page, language: Language) {
  const name = text(language, 'common', 'nav.login');
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    return page.getByRole('banner').getByRole('link', { name, exact: true });
  }
  return {
    click: async () => {
      await page.getByRole('button', { name: text(language, 'common', 'nav.openMenu') }).click();
      await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
    },
  };
}

for (const language of LANGUAGES) {
  test(`${language}: sign up from a page, confirm from the mail, land back signed in`, async ({
    page,
  }) => {
    await usePreferences(page, { language, theme: language === 'es' ? 'dark' : 'light' });
    await openPage(page, '/favorites');
    await loginLink(page, language).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Ffavorites$/);
    const fields = form(page, language);
    await fields.mode('signUp').click();
    await expect(page).toHaveURL(/mode=signUp/);
    await signUpFormShown(page, language);

    const email = freshEmail(`signup-${language}`);
    await fields.email.fill(email);
    await main(page)
      .getByLabel(text(language, 'account', 'fields.password'), { exact: true })
      .fill(STRONG);
    await expectNoAxeViolations(page);
    await fields.button('signUp.submit').click();
    await expect(
      main(page).getByRole('heading', { name: text(language, 'account', 'inbox.title') }),
    ).toBeFocused();
    await expect(main(page)).toContainText(say(language, 'account', 'inbox.sentSignUp', { email }));
    await expectNoAxeViolations(page);

    // The mail is in the page's language, and its link signs the person in here.
    const [mail] = await waitForMails(email, 1);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe(
      {
        fr: 'Confirmez votre compte Blockademia',
        en: 'Confirm your Blockademia account',
        es: 'Confirme su cuenta de Blockademia',
      }[language],
    );
    await page.goto(linkAndCode(mail).link);
    await expect(page).toHaveURL(/\/favorites$/);
    await expectSignedIn(page, language, email);
    expect(page.url()).not.toMatch(/code=|token|access_token/);
    await expect(
      page.getByRole('status').filter({ hasText: text(language, 'account', 'signIn.success') }),
    ).toBeVisible();

    const { data } = await service.auth.admin.listUsers();
    const user = data.users.find((candidate) => candidate.email === email);
    expect(user?.user_metadata.language).toBe(language);
    expect(user?.email_confirmed_at).toBeTruthy();
  });
}

test('the password rule is shown and ticked live; a weak password is refused', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/auth?mode=signUp');
  const fields = form(page, 'en');
  const password = main(page).getByLabel('Password', { exact: true });
  const criterion = (key: string) =>
    main(page)
      .locator('.password-criteria__item')
      .filter({
        hasText: say('en', 'account', `criteria.${key}`, { min: 8, symbols: '!@#$%^&*' }),
      });

  await fields.email.fill(freshEmail('weak'));
  await password.fill('abc');
  await expect(criterion('lower')).toContainText('(done)');
  await expect(criterion('upper')).toContainText('(missing)');
  await expect(criterion('length')).toContainText('(missing)');
  await fields.button('signUp.submit').click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(
    new RegExp(text('en', 'account', 'errors.passwordWeak').replace(/[.]/g, '\\.')),
  );
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  // Every criterion met, yet among the most common passwords: refused with its own message.
  await password.fill('Passw0rd!');
  for (const key of ['length', 'lower', 'upper', 'digit', 'symbol']) {
    await expect(criterion(key)).toContainText('(done)');
  }
  await fields.button('signUp.submit').click();
  const common = text('en', 'account', 'errors.passwordCommon');
  await expect(password).toHaveAccessibleDescription(
    new RegExp(common.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await expectNoAxeViolations(page);
});

test('sign-in errors: missing fields, then a wrong password that reveals nothing', async ({
  page,
  consoleWatch,
}) => {
  const { email } = await confirmedAccount('wrong', STRONG);
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/auth');
  const fields = form(page, 'fr');

  await fields.button('signIn.submit').click();
  await expect(fields.alert).toHaveText(text('fr', 'common', 'messages.credentialsRequired'));
  await expect(fields.email).toBeFocused();

  await fields.email.fill(email);
  await fields.password.fill('Wrong-password1!');
  await fields.button('signIn.submit').click();
  await expect(fields.alert).toHaveText(text('fr', 'account', 'problems.invalidCredentials'));
  // An address without an account gets the very same answer.
  await fields.email.fill(freshEmail('nobody'));
  await fields.button('signIn.submit').click();
  await expect(fields.alert).toHaveText(text('fr', 'account', 'problems.invalidCredentials'));
  await expect(fields.password).toHaveValue('Wrong-password1!');

  await fields.email.fill(email);
  await fields.password.fill(STRONG);
  await fields.button('signIn.submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, 'fr', email);
  consoleWatch.expectFailedRequests('/auth/v1/token?grant_type=password');
});

test('an unconfirmed address is offered a new mail, whose code signs in (the desktop way)', async ({
  page,
  consoleWatch,
}) => {
  const email = freshEmail('unconfirmed');
  const created = await service.auth.admin.createUser({ email, password: STRONG });
  expect(created.error).toBeNull();
  await usePreferences(page, { language: 'es' });
  await openPage(page, '/auth');
  const fields = form(page, 'es');
  await fields.email.fill(email);
  await fields.password.fill(STRONG);
  await fields.button('signIn.submit').click();
  await expect(fields.alert).toContainText(text('es', 'account', 'problems.emailNotConfirmed'));
  consoleWatch.expectFailedRequests('/auth/v1/token?grant_type=password');
  await fields.button('signIn.resend').click();
  await expect(
    main(page).getByRole('heading', { name: text('es', 'account', 'inbox.title') }),
  ).toBeFocused();
  const [mail] = await waitForMails(email, 1);
  if (!mail) throw new Error('no mail');

  // Sending again at once is held back, and says for how long.
  await expect(main(page).locator('.check-inbox__wait')).toContainText(/\d+/);
  await expect(fields.button('inbox.resend')).toHaveAttribute('aria-disabled', 'true');
  await fields.button('inbox.resend').click({ force: true });
  expect(await mailsTo(email)).toHaveLength(1);

  // A wrong code is refused and kept; the right one signs in.
  await fields.code.fill('000000');
  await fields.button('inbox.codeSubmit').click();
  await expect(fields.alert).toHaveText(text('es', 'account', 'problems.codeInvalid'));
  consoleWatch.expectFailedRequests('/auth/v1/verify');
  await expect(fields.code).toHaveValue('000000');
  await fields.code.fill(linkAndCode(mail).code);
  await fields.button('inbox.codeSubmit').click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, 'es', email);
  await expectNoAxeViolations(page);
});

test('passwordless: the mailed link signs in and returns to the page', async ({ page }) => {
  const { email } = await confirmedAccount('magic', STRONG);
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/auth?mode=link&next=%2Ftools');
  const fields = form(page, 'en');
  await fields.email.fill(email);
  await fields.button('link.submit').click();
  await expect(main(page)).toContainText(say('en', 'account', 'inbox.sentLink', { email }));
  await expectNoAxeViolations(page);
  const [mail] = await waitForMails(email, 1);
  if (!mail) throw new Error('no mail');
  expect(mail.subject).toBe('Your Blockademia sign-in link');
  await page.goto(linkAndCode(mail).link);
  await expect(page).toHaveURL(/\/tools$/);
  await expectSignedIn(page, 'en', email);
});

test('a link opened in another browser (or from the desktop app) says what to do', async ({
  page,
  browser,
}) => {
  const { email } = await confirmedAccount('elsewhere', STRONG);
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/auth?mode=link');
  const fields = form(page, 'fr');
  await fields.email.fill(email);
  await fields.button('link.submit').click();
  const [mail] = await waitForMails(email, 1);
  if (!mail) throw new Error('no mail');

  const context = await browser.newContext();
  const other = await context.newPage();
  const otherProblems = watchConsole(other);
  await other.goto(linkAndCode(mail).link);
  await expect(other.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    text('fr', 'account', 'callback.otherBrowser'),
  );
  await expect(
    other.getByRole('button', { name: text('fr', 'account', 'signIn.submit'), exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(other);
  await context.close();
  expect(otherProblems).toEqual([]);
});

test('an address without an account asking for a sign-in link gets the same answer, and no mail', async ({
  page,
  consoleWatch,
}) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/auth?mode=link');
  const fields = form(page, 'en');
  const email = freshEmail('no-account');
  await fields.email.fill(email);
  await fields.button('link.submit').click();
  await expect(main(page)).toContainText(say('en', 'account', 'inbox.sentLink', { email }));
  expect(await mailsTo(email)).toEqual([]);
  // The API answers 422 there, as GoTrue does with sign-ups off for links; the page does not tell.
  consoleWatch.expectFailedRequests('/auth/v1/otp');
});

test('reset from the mail: mismatch and weak refused, then the new password works', async ({
  page,
}) => {
  const { email } = await confirmedAccount('reset', STRONG);
  await usePreferences(page, { language: 'fr', theme: 'dark' });
  await openPage(page, '/auth');
  await main(page)
    .getByRole('link', { name: text('fr', 'account', 'signIn.forgot') })
    .click();
  // The link's page is drawn once its code has loaded: wait for it before typing.
  await expect(main(page).getByText(text('fr', 'account', 'reset.intro'))).toBeVisible();
  const fields = form(page, 'fr');
  await fields.email.fill(email);
  await expect(fields.email).toHaveValue(email);
  await fields.button('reset.submit').click();
  await expect(main(page).getByRole('status').filter({ hasText: /\S/ }).first()).toContainText(
    text('fr', 'common', 'messages.emailSent'),
  );
  await expectNoAxeViolations(page);
  const [mail] = await waitForMails(email, 1);
  if (!mail) throw new Error('no mail');
  expect(mail.subject).toBe('Réinitialisez votre mot de passe Blockademia');

  await page.goto(linkAndCode(mail).link);
  const first = main(page).getByLabel(text('fr', 'account', 'fields.newPassword'), {
    exact: true,
  });
  const second = main(page).getByLabel(text('fr', 'account', 'fields.confirmPassword'), {
    exact: true,
  });
  await expect(first).toBeVisible();
  expect(page.url()).not.toMatch(/code=/);
  await first.fill('Nouveau-mot1!');
  await second.fill('Nouveau-mot2!');
  await fields.button('reset.save').click();
  await expect(second).toHaveAccessibleDescription(
    text('fr', 'common', 'messages.passwordsMismatch'),
  );
  await first.fill('faible');
  await second.fill('faible');
  await fields.button('reset.save').click();
  await expect(first).toBeFocused();
  await first.fill('Nouveau-mot1!');
  await second.fill('Nouveau-mot1!');
  await fields.button('reset.save').click();
  await expect(
    main(page).getByRole('heading', { name: text('fr', 'common', 'messages.passwordUpdated') }),
  ).toBeFocused();
  await expectNoAxeViolations(page);

  const client = createClient(STACK_URL, E2E_KEYS.anonKey, { auth: { persistSession: false } });
  const old = await client.auth.signInWithPassword({ email, password: STRONG });
  expect(old.error?.code).toBe('invalid_credentials');
  const renewed = await client.auth.signInWithPassword({ email, password: 'Nouveau-mot1!' });
  expect(renewed.error).toBeNull();
});

test('changing the language while signed in changes the language of the mails', async ({
  page,
}) => {
  const { email, session, userId } = await confirmedAccount('language', STRONG);
  await usePreferences(page, { language: 'fr' });
  await signInWith(page, session);
  await openPage(page, '/');
  await expectSignedIn(page, 'fr', email);
  const metadataLanguage = async () =>
    (await service.auth.admin.getUserById(userId)).data.user?.user_metadata.language as unknown;
  await expect.poll(metadataLanguage).toBe('fr');
  await page.getByRole('button', { name: 'Langue : Français' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect.poll(metadataLanguage).toBe('es');
});

test('keyboard only: switch to sign-up, fill in and create the account', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'a phone has no keyboard');
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/auth');
  const fields = form(page, 'en');
  await fields.mode('signUp').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/mode=signUp/);
  await signUpFormShown(page, 'en');
  await fields.email.focus();
  const email = freshEmail('keyboard');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STRONG);
  // Past the criteria and the privacy link to the button.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(fields.button('signUp.submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    main(page).getByRole('heading', { name: text('en', 'account', 'inbox.title') }),
  ).toBeFocused();
  await waitForMails(email, 1);
});
