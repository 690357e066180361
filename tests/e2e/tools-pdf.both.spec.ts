import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { LANGUAGES, expectNoAxeViolations, openPage, text, usePreferences } from './support';

// The calculators' PDF: downloaded as a visitor would, read back with pdf.js, compared with the
// screen. pdf.js's text layer turns every kind of space into U+0020, so both sides are compared
// with their spaces folded; tests/unit/pdf-report.test.ts checks the exact characters.

const main = (page: Page) => page.getByRole('main');

const folded = (value: string) => value.replace(/\s+/gu, ' ').trim();

/** Every page's text, as pdf.js reads it. */
async function pdfPages(path: string): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(await readFile(path)),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      folded(
        content.items
          .filter((item): item is TextItem => 'str' in item)
          .map((item) => item.str)
          .join(' '),
      ),
    );
  }
  await pdf.destroy();
  return pages;
}

/** The strings a reader sees in the calculator's result, in page order. */
async function screenStrings(page: Page): Promise<string[]> {
  const cells = await main(page)
    .locator('.tools-figures__value, .tools-table th, .tools-table td, .tools-result__convention')
    .allTextContents();
  return cells.map(folded).filter((cell) => cell !== '');
}

for (const language of LANGUAGES) {
  test(`the DCA report in ${language} repeats the screen, page by page`, async ({ page }) => {
    await usePreferences(page, { language });
    await openPage(page, '/tools?calc=dca&amount=100&months=30&rate=12');
    const title = text(language, 'tools', 'dca.title');
    await expect(main(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
    const shown = await screenStrings(page);
    expect(shown.length).toBeGreaterThan(10);

    const downloading = page.waitForEvent('download');
    await main(page)
      .getByRole('button', { name: text(language, 'tools', 'pdf.button') })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^blockademia-dca-\d{4}-\d{2}-\d{2}\.pdf$/);
    await expect(main(page).getByRole('status').filter({ hasText: '.pdf' })).toHaveText(
      text(language, 'tools', 'pdf.saved').replace('{{location}}', download.suggestedFilename()),
    );

    const pages = await pdfPages(await download.path());
    const whole = pages.join(' ');
    expect(whole).toContain(folded(title));
    expect(whole).toContain(folded(text(language, 'tools', 'pdf.languageLine')));
    for (const shownText of shown) expect(whole).toContain(shownText);
    expect(whole).toContain(folded(text(language, 'common', 'notAdvice.title')));
    pages.forEach((pageText, index) => {
      const label = text(language, 'tools', 'pdf.page')
        .replace('{{page}}', String(index + 1))
        .replace('{{total}}', String(pages.length));
      expect(pageText).toContain(folded(label));
    });
    // The calculation is still on screen after the export.
    expect(await screenStrings(page)).toEqual(shown);
  });
}

test('the staking report in Spanish keeps its accents, ñ and ¿', async ({ page }) => {
  await usePreferences(page, { language: 'es' });
  await openPage(page, '/tools?calc=staking&amount=1000&rate=10&compounding=monthly');
  const shown = await screenStrings(page);
  const downloading = page.waitForEvent('download');
  await main(page)
    .getByRole('button', { name: text('es', 'tools', 'pdf.button') })
    .click();
  const whole = (await pdfPages(await (await downloading).path())).join(' ');
  for (const shownText of shown) expect(whole).toContain(shownText);
  const question = text('es', 'tools', 'staking.aprApyTitle');
  expect(question).toMatch(/¿/);
  expect(whole).toContain(folded(question));
  expect(whole).toContain(folded(text('es', 'tools', 'pdf.inputs')));
  await expectNoAxeViolations(page);
});

test('a save that fails says so and keeps the calculation', async ({ page }) => {
  // The browser refuses to hand the file over, as a locked-down profile may.
  await page.addInitScript(() => {
    URL.createObjectURL = () => {
      throw new Error('Downloads are blocked');
    };
  });
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/tools?calc=roi&initial=1000&final=1500&period=2');
  const shown = await screenStrings(page);
  const button = main(page).getByRole('button', { name: text('fr', 'tools', 'pdf.button') });
  await button.click();
  await expect(main(page).getByText(text('fr', 'tools', 'pdf.failed'))).toBeVisible();
  expect(await screenStrings(page)).toEqual(shown);
  await expect(button).toBeEnabled();
});
