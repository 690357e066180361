import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  LANGUAGES,
  contentTerm,
  expectNoAxeViolations,
  openPage,
  text,
  usePreferences,
} from './support';

// The dictionary read from the local stack's database, at 1440px and 375px.

const main = (page: Page) => page.getByRole('main');
const termCards = (page: Page) => main(page).locator('.term-card');
const count = (page: Page) => main(page).locator('.search-field__count');

test('the list: 152 terms, chips with counts, filter and search in the URL, back link and back button', async ({
  page,
}) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/dictionary');
  await expect(count(page)).toHaveText('152 termes');
  await expect(termCards(page)).toHaveCount(152);
  // Each letter is a heading between the page's title and the terms', read out in full.
  await expect(
    main(page).getByRole('region', { name: 'Lettre A' }).getByRole('heading', { level: 2 }),
  ).toHaveAccessibleName('Lettre A');
  const chips = main(page).getByRole('group', {
    name: text('fr', 'dictionary', 'categoriesLabel'),
  });
  await expect(chips.getByRole('button', { name: 'Toutes (152)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await chips.getByRole('button', { name: 'DeFi (16)' }).click();
  await expect(page).toHaveURL(/\/dictionary\?category=defi$/);
  await expect(termCards(page)).toHaveCount(16);

  // Accents and case do not matter; the title in another language finds the term too.
  const search = main(page).getByRole('searchbox', {
    name: text('fr', 'dictionary', 'searchLabel'),
  });
  await chips.getByRole('button', { name: 'Toutes (152)' }).click();
  // Titles and definitions are searched: other terms mention private keys too.
  await search.fill('CLE PRIVEE');
  await expect(termCards(page).getByRole('link', { name: 'Clé privée' })).toBeVisible();
  await expect(termCards(page)).not.toHaveCount(152);
  await search.fill('private key');
  await expect(termCards(page)).toHaveCount(1);
  await expect(termCards(page)).toContainText('En anglais : Private key');
  await expect(page).toHaveURL(/\?q=private\+key$/);

  await chips.getByRole('button', { name: 'Sécurité (24)' }).click();
  await expect(page).toHaveURL(/category=security/);
  await termCards(page).getByRole('link', { name: 'Clé privée' }).click();
  await expect(page).toHaveURL(/\/dictionary\/private-key$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clé privée');

  // The back link returns to the list as it was.
  await main(page)
    .getByRole('link', { name: text('fr', 'dictionary', 'backToList') })
    .click();
  await expect(page).toHaveURL(/\/dictionary\?category=security&q=private\+key$/);
  await expect(search).toHaveValue('private key');
  await expect(termCards(page)).toHaveCount(1);

  // The back button walks the same way back: the term, then the list before the category.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clé privée');
  await page.goBack();
  await expect(page).toHaveURL(/\/dictionary\?category=security&q=private\+key$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dictionary\?q=private\+key$/);
  await expect(termCards(page)).toHaveCount(1);

  await search.fill('zzz <script> % \\ ');
  await expect(main(page).getByText(text('fr', 'common', 'messages.noResults'))).toBeVisible();
  await main(page)
    .getByRole('button', { name: text('fr', 'dictionary', 'clearFilters') })
    .click();
  await expect(termCards(page)).toHaveCount(152);
});

test('the A–Z list jumps to a letter', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/dictionary');
  const letters = main(page).getByRole('navigation', { name: 'Jump to letter' });
  await letters.getByRole('link', { name: 'W', exact: true }).click();
  await expect(page).toHaveURL(/#letter-w$/);
  await expect(main(page).getByRole('region', { name: 'Letter W' })).toBeInViewport();
});

for (const language of LANGUAGES) {
  test(`a term page in ${language}`, async ({ page }) => {
    const term = contentTerm('private-key');
    const own = term.translations[language];
    await usePreferences(page, { language });
    await openPage(page, '/dictionary/private-key');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.title);
    await expect(page).toHaveTitle(`${own.title} · Blockademia`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      own.short_definition,
    );
    await expect(main(page).locator('.category-tag')).toHaveText(
      text(language, 'dictionary', 'categoryLabel').replace(
        '{{name}}',
        text(language, 'dictionary', `category.${term.category}`),
      ),
    );
    await expect(
      main(page).getByRole('heading', { name: text(language, 'dictionary', 'example') }),
    ).toBeVisible();
    const related = main(page).getByRole('region', {
      name: text(language, 'dictionary', 'related'),
    });
    await expect(related.getByRole('link')).toHaveCount(term.related.length);
    await expect(related.getByRole('link').first()).toHaveText(
      contentTerm(term.related[0] ?? '').translations[language].title,
    );
    // The body links the other terms it mentions, never the term itself.
    await expect(
      main(page).locator('.term-page__body a[href^="/dictionary/"]').first(),
    ).toBeVisible();
    await expect(
      main(page).locator('.term-page__body a[href="/dictionary/private-key"]'),
    ).toHaveCount(0);
    const others = main(page).getByRole('region', {
      name: text(language, 'dictionary', 'otherLanguages'),
    });
    for (const other of LANGUAGES.filter((entry) => entry !== language)) {
      await expect(others).toContainText(term.translations[other].title);
    }
    await expectNoAxeViolations(page);
  });
}

test('an unknown term is the 404 page', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await page.goto('/dictionary/no-such-term');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('en', 'common', 'notFound.title'),
  );
});
