import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedAccount, freshEmail, service, signInWith } from './accounts';
import {
  LANGUAGES,
  type Language,
  expectNoAxeViolations,
  openPage,
  say,
  text,
  usePreferences,
} from './support';

// The contact form against the local stack, at 1440px and 375px: the shared rules and their
// translated errors, a message stored as a row, refusals that keep what was typed, the
// signed-in address, the honeypot, and the keyboard.

const main = (page: Page) => page.getByRole('main');

/** An address no other test (nor the other project) uses, so rate limits never meet. */
const contactEmail = (label: string) => freshEmail(`contact-${label}`);

function fields(page: Page, language: Language) {
  const labelled = (key: string) =>
    main(page).getByLabel(text(language, 'contact', `fields.${key}.label`), { exact: true });
  return {
    name: labelled('name'),
    email: labelled('email'),
    subject: labelled('subject'),
    message: labelled('message'),
    submit: main(page).getByRole('button', { name: text(language, 'contact', 'form.submit') }),
  };
}

/** The rows stored for an address, read with the service-role key (senders cannot read them). */
async function storedMessages(email: string) {
  const { data, error } = await service
    .from('contact_messages')
    .select('name, email, subject, message, locale, user_id, status')
    .eq('email', email);
  if (error) throw new Error(error.message);
  return data as {
    name: string;
    email: string;
    subject: string;
    message: string;
    locale: string;
    user_id: string | null;
    status: string;
  }[];
}

async function expectError(control: Locator, message: string): Promise<void> {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(
    new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const THEMES = { fr: 'light', en: 'dark', es: 'dark' } as const;

for (const language of LANGUAGES) {
  test(`rules, errors and a stored message in ${language} (${THEMES[language]} theme)`, async ({
    page,
  }) => {
    test.slow();
    await usePreferences(page, { language, theme: THEMES[language] });
    await openPage(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(language, 'pages', 'contact.title'),
    );
    await expect(main(page).getByText(text(language, 'contact', 'intro.replyTime'))).toBeVisible();
    await expect(main(page).getByText(text(language, 'contact', 'intro.urgent'))).toBeVisible();
    const form = fields(page, language);

    // Pressed straight from a field that is still wrong, the button submits (the field's error
    // must not push it from under the pointer first): every error at once, the focus on the
    // first field.
    await form.message.fill('Too short');
    await form.submit.click();
    await expectError(form.name, say(language, 'contact', 'errors.name.required'));
    await expectError(form.email, say(language, 'contact', 'errors.email.required'));
    await expectError(form.subject, text(language, 'common', 'messages.selectSubject'));
    await expectError(
      form.message,
      say(language, 'contact', 'errors.message.tooShort', { min: 10 }),
    );
    await expect(form.name).toBeFocused();
    await expectNoAxeViolations(page);
    // Once shown, an error follows the typing.
    await form.message.fill('');
    await expectError(form.message, say(language, 'contact', 'errors.message.required'));

    // On blur, field by field; a fixed field loses its error as it is typed.
    await form.name.fill('A');
    await form.email.focus();
    await expectError(form.name, say(language, 'contact', 'errors.name.tooShort', { min: 2 }));
    await form.name.fill('Ada');
    await expect(form.name).not.toHaveAttribute('aria-invalid');
    await form.email.fill('ada@example');
    await form.name.focus();
    await expectError(form.email, say(language, 'contact', 'errors.email.invalid'));
    await form.email.fill(`${'e'.repeat(244)}@example.org`);
    await form.name.focus();
    await expectError(form.email, say(language, 'contact', 'errors.email.tooLong', { max: 255 }));
    const email = contactEmail(language);
    await form.email.fill(email);
    await expect(form.email).not.toHaveAttribute('aria-invalid');
    await form.subject.selectOption({ label: text(language, 'contact', 'subjects.bug') });
    await expect(form.subject).not.toHaveAttribute('aria-invalid');

    const counter = main(page).locator('.form-counter');
    // The counter describes the message field (not announced at every pause in typing).
    const counterId = await counter.getAttribute('id');
    expect(counterId).not.toBeNull();
    await expect(form.message).toHaveAttribute(
      'aria-describedby',
      new RegExp(`(^| )${counterId ?? ''}( |$)`),
    );
    await form.message.fill('Too short');
    await expect(counter).toHaveText(
      say(language, 'contact', 'fields.message.counter', { length: 9, max: 2000 }),
    );
    await form.name.focus();
    await expectError(
      form.message,
      say(language, 'contact', 'errors.message.tooShort', { min: 10 }),
    );
    await form.message.fill('m'.repeat(2001));
    await expect(counter).toHaveText(
      say(language, 'contact', 'fields.message.counter', { length: 2001, max: 2000 }),
    );
    await expectError(
      form.message,
      say(language, 'contact', 'errors.message.tooLong', { max: 2000 }),
    );
    // Counted as the database counts: an emoji is one character.
    const message = `[URGENT] The ${language} page breaks 🙂 when I press the button.`;
    await form.message.fill(message);
    await expect(counter).toHaveText(
      say(language, 'contact', 'fields.message.counter', {
        length: Array.from(message).length,
        max: 2000,
      }),
    );
    await expect(form.message).not.toHaveAttribute('aria-invalid');
    await expectNoSidewaysScroll(page);

    await form.submit.click();
    const status = main(page)
      .getByRole('status')
      .filter({
        hasText: text(language, 'common', 'messages.messageSent'),
      });
    await expect(status).toContainText(text(language, 'common', 'messages.willRespond'));
    // Cleared only now that the message is stored.
    for (const control of [form.name, form.email, form.subject, form.message]) {
      await expect(control).toHaveValue('');
    }
    expect(await storedMessages(email)).toEqual([
      {
        name: 'Ada',
        email,
        subject: 'bug',
        message,
        locale: language,
        user_id: null,
        status: 'new',
      },
    ]);
    await expectNoAxeViolations(page);
  });
}

test('the sixth message within the hour is refused; the form keeps it, and says why', async ({
  page,
  consoleWatch,
}) => {
  const email = contactEmail('limit');
  const earlier = Array.from({ length: 5 }, (_, index) => ({
    name: 'Earlier',
    email,
    subject: 'general',
    message: `Earlier message number ${index + 1}.`,
  }));
  const seeded = await service.from('contact_messages').insert(earlier);
  expect(seeded.error).toBeNull();

  await usePreferences(page, { language: 'es', theme: 'dark' });
  await openPage(page, '/contact');
  const form = fields(page, 'es');
  const message = 'Un sexto mensaje en la misma hora.';
  await form.name.fill('Ada');
  await form.email.fill(email);
  await form.subject.selectOption('feature');
  await form.message.fill(message);
  await form.submit.click();

  const alert = main(page)
    .getByRole('alert')
    .filter({
      hasText: text('es', 'contact', 'status.rateLimited.title'),
    });
  await expect(alert).toContainText(say('es', 'contact', 'status.rateLimited.text'));
  await expect(alert).toContainText(text('es', 'contact', 'status.kept'));
  await expect(form.name).toHaveValue('Ada');
  await expect(form.email).toHaveValue(email);
  await expect(form.subject).toHaveValue('feature');
  await expect(form.message).toHaveValue(message);
  expect(await storedMessages(email)).toHaveLength(5);
  await expectNoAxeViolations(page);
  // The browser reports the refused request (400) in the console: expected here.
  consoleWatch.forgetAll();
});

test('while sending the button is busy; a network failure keeps the form filled', async ({
  page,
  consoleWatch,
}) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/contact');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requests = 0;
  await page.route(/\/rest\/v1\/contact_messages/, async (route) => {
    requests += 1;
    await held;
    await route.abort('failed');
  });
  const form = fields(page, 'en');
  const email = contactEmail('offline');
  await form.name.fill('Ada');
  await form.email.fill(email);
  await form.subject.selectOption('general');
  await form.message.fill('Is the school really free?');
  await form.submit.click();

  const busy = main(page).getByRole('button', { name: text('en', 'contact', 'form.sending') });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  await expect(busy).toBeFocused();
  await expect(main(page).locator('form')).toHaveAttribute('aria-busy', 'true');
  await expect(main(page).getByRole('status')).toContainText(
    text('en', 'contact', 'status.sending'),
  );
  // A second press while sending sends nothing more.
  await page.keyboard.press('Enter');
  release();

  const alert = main(page)
    .getByRole('alert')
    .filter({
      hasText: text('en', 'common', 'messages.sendError'),
    });
  await expect(alert).toContainText(text('en', 'common', 'messages.tryLater'));
  await expect(alert.getByRole('link', { name: 'contact@blockademia.org' })).toHaveAttribute(
    'href',
    'mailto:contact@blockademia.org',
  );
  await expect(form.submit).not.toHaveAttribute('aria-disabled');
  await expect(form.name).toHaveValue('Ada');
  await expect(form.email).toHaveValue(email);
  await expect(form.subject).toHaveValue('general');
  await expect(form.message).toHaveValue('Is the school really free?');
  expect(requests).toBe(1);
  expect(await storedMessages(email)).toEqual([]);
  // Back online, the same form sends.
  await page.unroute(/\/rest\/v1\/contact_messages/);
  await form.submit.click();
  await expect(main(page).getByRole('status')).toContainText(
    text('en', 'common', 'messages.messageSent'),
  );
  expect(await storedMessages(email)).toHaveLength(1);
  // The aborted request is reported in the console: expected here.
  consoleWatch.forgetAll();
});

test('signed in: the account address is filled in, can be changed, and the message is signed', async ({
  page,
}) => {
  const { email: accountEmail, session } = await confirmedAccount(
    'contact-account',
    'Contact-pass1!',
  );
  await usePreferences(page, { language: 'fr' });
  await signInWith(page, session);
  await openPage(page, '/contact');
  const form = fields(page, 'fr');
  await expect(form.email).toHaveValue(accountEmail);
  await expect(form.email).toHaveAccessibleDescription(
    text('fr', 'contact', 'fields.email.accountHint'),
  );
  await form.name.fill('Alice');
  await form.subject.selectOption('account');
  await form.message.fill('Je voudrais changer mon adresse.');
  await form.submit.click();
  await expect(main(page).getByRole('status')).toContainText(
    text('fr', 'common', 'messages.messageSent'),
  );
  // The form starts again from the account's address.
  await expect(form.email).toHaveValue(accountEmail);
  expect(await storedMessages(accountEmail)).toMatchObject([
    { name: 'Alice', subject: 'account', locale: 'fr', user_id: session.user.id },
  ]);

  const otherEmail = contactEmail('other');
  await form.email.fill(otherEmail);
  await form.name.fill('Alice');
  await form.subject.selectOption('other');
  await form.message.fill('Depuis une autre adresse.');
  await form.submit.click();
  await expect(main(page).getByRole('status')).toContainText(
    text('fr', 'common', 'messages.messageSent'),
  );
  expect(await storedMessages(otherEmail)).toMatchObject([{ user_id: session.user.id }]);
});

test('a filled honeypot sends nothing and says so', async ({ page }) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/contact');
  const trap = main(page).locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(main(page).locator('.contact-form__trap')).toHaveAttribute('aria-hidden', 'true');
  await expect(trap).not.toBeInViewport();
  const form = fields(page, 'fr');
  const email = contactEmail('robot');
  await form.name.fill('Robot');
  await form.email.fill(email);
  await form.subject.selectOption('other');
  await form.message.fill('Buy cheap followers now!');
  await trap.fill('http://spam.example');
  await form.submit.click();
  const alert = main(page)
    .getByRole('alert')
    .filter({
      hasText: text('fr', 'contact', 'status.trap.title'),
    });
  await expect(alert).toContainText(text('fr', 'contact', 'status.trap.text'));
  await expect(main(page).getByRole('status')).not.toContainText(
    text('fr', 'common', 'messages.messageSent'),
  );
  await expect(form.message).toHaveValue('Buy cheap followers now!');
  expect(await storedMessages(email)).toEqual([]);
});

test('keyboard only: fill in, choose a subject and send', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'a phone has no keyboard');
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/contact');
  const form = fields(page, 'en');
  const email = contactEmail('keyboard');
  // From the skip link, into the page, to the first field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  for (let press = 0; press < 5; press += 1) {
    if (await form.name.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(form.name).toBeFocused();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await expect(form.email).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(form.subject).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(form.subject).toHaveValue('general');
  await page.keyboard.press('Tab');
  await expect(form.message).toBeFocused();
  await page.keyboard.type('Written without a mouse.');
  // The honeypot is out of the tab order: the next stop is the button.
  await page.keyboard.press('Tab');
  await expect(form.submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('status')).toContainText(
    text('en', 'common', 'messages.messageSent'),
  );
  expect(await storedMessages(email)).toMatchObject([
    { name: 'Ada', subject: 'general', message: 'Written without a mouse.', locale: 'en' },
  ]);
});
