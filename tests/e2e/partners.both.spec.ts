import { expect, test, type Page } from '@playwright/test';
import { OPEN_SOURCE_GROUPS } from '../../renderer/features/partners/openSourceProjects';
import {
  LANGUAGES,
  expectNoAxeViolations,
  openPage,
  text,
  usePreferences,
  watchConsole,
} from './support';

// The partners page in each language, at 1440px (desktop project) and 375px (mobile project):
// what it credits, that it says nobody pays us, and the ways to reach it.

const main = (page: Page) => page.getByRole('main');
const projectCount = OPEN_SOURCE_GROUPS.reduce((sum, group) => sum + group.projects.length, 0);

for (const language of LANGUAGES) {
  test.describe(`partners in ${language}`, () => {
    let problems: string[] = [];
    test.beforeEach(async ({ page }) => {
      problems = watchConsole(page);
      await usePreferences(page, { language });
    });
    test.afterEach(() => {
      expect(problems).toEqual([]);
    });

    test('no paid partnership, the data provider, the projects and their licences', async ({
      page,
    }) => {
      await openPage(page, '/partners');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'pages', 'partners.title'),
      );
      await expect(page).toHaveTitle(new RegExp(text(language, 'pages', 'partners.title')));
      await expect(
        main(page).getByText(
          text(language, 'partners', 'independence.text').replace('{{license}}', 'MIT'),
        ),
      ).toBeVisible();

      const hint = text(language, 'partners', 'openSource.externalHint');
      const provider = main(page).getByRole('link', {
        name: `${text(language, 'partners', 'market.attribution')} ${hint}`,
      });
      await expect(provider).toHaveAttribute('href', 'https://www.coingecko.com/');
      await expect(provider).toHaveAttribute('target', '_blank');

      await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(
        OPEN_SOURCE_GROUPS.map((group) =>
          text(language, 'partners', `openSource.groups.${group.key}.title`),
        ),
      );
      await expect(main(page).locator('.partner-card')).toHaveCount(projectCount);
      const pglite = main(page).locator('.partner-card', {
        has: page.getByRole('link', { name: `PGlite ${hint}` }),
      });
      await expect(pglite).toContainText(text(language, 'partners', 'projects.pglite'));
      await expect(pglite).toContainText(
        text(language, 'partners', 'openSource.license').replace('{{id}}', 'Apache-2.0'),
      );

      const toContact = main(page).getByRole('link', {
        name: text(language, 'partners', 'contribute.action'),
      });
      await expect(toContact).toHaveAttribute('href', '/contact');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  });
}

test('reached from the footer', async ({ page }, info) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/');
  const footer = page.getByRole('contentinfo');
  if (info.project.name === 'mobile') {
    // On phones the footer groups are accordions: the link sits in "Learn".
    await footer.locator('summary', { hasText: text('en', 'common', 'footer.learn') }).click();
  }
  await footer.getByRole('link', { name: text('en', 'common', 'nav.partners') }).click();
  await expect(page).toHaveURL(/\/partners$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('en', 'pages', 'partners.title'),
  );
});

test('reached from the menu drawer', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the drawer is the phone menu');
  await usePreferences(page, { language: 'es' });
  await openPage(page, '/');
  await page.getByRole('button', { name: text('es', 'common', 'nav.openMenu') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: text('es', 'common', 'nav.partners') }).click();
  await expect(page).toHaveURL(/\/partners$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('es', 'pages', 'partners.title'),
  );
});

test('keyboard only: from the skip link to the contact form', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'a phone has no keyboard');
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/partners');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // The first stop in the page is the data provider's link, which says it leaves the site.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName(
    `${text('en', 'partners', 'market.attribution')} ${text('en', 'partners', 'openSource.externalHint')}`,
  );

  // Then every project, then the contact form: one Tab each.
  for (let presses = 0; presses < projectCount; presses += 1) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName(
    text('en', 'partners', 'contribute.action'),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact$/);
});
