import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  LANGUAGES,
  expectNoAxeViolations,
  openPage,
  text,
  usePreferences,
  type Language,
} from './support';

// The ROI, DCA and staking calculators at 1440px and 375px, in the three languages: worked
// examples read exactly as displayed, the URL as the calculation's memory, bad input, keyboard.

const main = (page: Page) => page.getByRole('main');
const tools = (language: Language, key: string) => text(language, 'tools', key);
const NARROW_NO_BREAK_SPACE = '\u202F';
const NO_BREAK_SPACE = '\u00A0';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value shown next to a result's label. */
function figure(page: Page, label: string): Locator {
  return main(page)
    .locator('.tools-figures__item')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
    .locator('dd')
    .first();
}

/** The result's own status line (the PDF export has another). */
function resultStatus(page: Page): Locator {
  return main(page).locator('.tools-result__status');
}

function field(page: Page, label: string): Locator {
  return main(page).getByRole('textbox', { name: label, exact: true });
}

function switcherLink(page: Page, language: Language, calculator: string): Locator {
  return main(page)
    .getByRole('navigation', { name: tools(language, 'switcher.label') })
    .getByRole('link', { name: tools(language, `switcher.${calculator}`) });
}

/** The message a field's aria-describedby points to (its error, after any hint). */
async function errorOf(page: Page, input: Locator): Promise<Locator> {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  const errorId = ids.at(-1) ?? '';
  expect(errorId).toMatch(/-error$/);
  return page.locator(`[id="${errorId}"]`);
}

/** No figure the screen could get wrong: NaN, Infinity or an exponent. */
async function expectOnlyPrintableFigures(page: Page): Promise<void> {
  await expect(main(page)).not.toContainText(/NaN|Infinity|\de[+-]?\d/);
}

/** Nothing sticks out sideways, at 375px as at 1440px. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// Worked examples as Intl prints them in each language (spaces as Intl puts them; Playwright
// compares text with its spaces normalised, and one figure below is checked byte for byte).
const EXPECTED: Record<
  Language,
  {
    roi: { profit: string; roi: string; annualised: string; duration: string };
    dca: { invested: string; value: string; gains: string };
    staking: { final: string; rewards: string; apy: string; apyFinal: string; apyApy: string };
  }
> = {
  fr: {
    roi: { profit: '500,00 $', roi: '50,00 %', annualised: '22,47 %', duration: '2 ans' },
    dca: { invested: '1 200,00 $', value: '1 276,65 $', gains: '76,65 $' },
    staking: {
      final: '1 104,71',
      rewards: '104,71',
      apy: '10,47 %',
      apyFinal: '1 100,00',
      apyApy: '10,00 %',
    },
  },
  en: {
    roi: { profit: '$500.00', roi: '50.00%', annualised: '22.47%', duration: '2 years' },
    dca: { invested: '$1,200.00', value: '$1,276.65', gains: '$76.65' },
    staking: {
      final: '1,104.71',
      rewards: '104.71',
      apy: '10.47%',
      apyFinal: '1,100.00',
      apyApy: '10.00%',
    },
  },
  es: {
    // Spanish does not group four-digit numbers.
    roi: { profit: '500,00 $', roi: '50,00 %', annualised: '22,47 %', duration: '2 años' },
    dca: { invested: '1200,00 $', value: '1276,65 $', gains: '76,65 $' },
    staking: {
      final: '1104,71',
      rewards: '104,71',
      apy: '10,47 %',
      apyFinal: '1100,00',
      apyApy: '10,00 %',
    },
  },
};

for (const language of LANGUAGES) {
  test(`the three calculators with worked examples in ${language}`, async ({ page }) => {
    // Three calculators and an axe pass: more than the default time when the machine is busy.
    test.slow();
    const expected = EXPECTED[language];
    await usePreferences(page, { language });
    await openPage(page, '/tools');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(language, 'pages', 'tools.title'),
    );
    await expect(main(page).getByRole('note').first()).toContainText(
      text(language, 'common', 'notAdvice.title'),
    );

    // ROI: its defaults are the worked example, 1000 → 1500 over 2 years.
    await expect(switcherLink(page, language, 'roi')).toHaveAttribute('aria-current', 'page');
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
      tools(language, 'roi.title'),
    );
    await expect(field(page, tools(language, 'roi.initial'))).toHaveValue('1000');
    await expect(figure(page, tools(language, 'roi.profit'))).toHaveText(expected.roi.profit);
    await expect(figure(page, tools(language, 'roi.roiPercent'))).toHaveText(expected.roi.roi);
    await expect(figure(page, tools(language, 'roi.annualised'))).toHaveText(
      expected.roi.annualised,
    );
    await expect(main(page)).toContainText(expected.roi.duration);
    await expect(main(page)).toContainText(tools(language, 'roi.convention'));
    // No holding period: no annualised return, and the screen says why.
    await field(page, tools(language, 'roi.period')).fill('');
    await expect(figure(page, tools(language, 'roi.annualised'))).toHaveText(
      tools(language, 'roi.noPeriod'),
    );
    await expect(page).toHaveURL(/[?&]period=&periodUnit=years$/);

    // DCA: 100 a month for 12 months at 12 % a year.
    await switcherLink(page, language, 'dca').click();
    await expect(page).toHaveURL(/\/tools\?calc=dca$/);
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
      tools(language, 'dca.title'),
    );
    await field(page, tools(language, 'dca.amount')).fill('100');
    await field(page, tools(language, 'dca.months')).fill('12');
    await field(page, tools(language, 'dca.rate')).fill('12');
    await expect(figure(page, tools(language, 'dca.invested'))).toHaveText(expected.dca.invested);
    await expect(figure(page, tools(language, 'dca.value'))).toHaveText(expected.dca.value);
    await expect(figure(page, tools(language, 'dca.gains'))).toHaveText(expected.dca.gains);
    const table = main(page).getByRole('table', { name: tools(language, 'dca.tableCaption') });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      '12',
      expected.dca.invested,
      expected.dca.value,
    ]);
    const dcaChart = main(page).getByRole('img');
    await expect(dcaChart).toHaveCount(1);
    await expect(dcaChart).toHaveAttribute('aria-label', /\S/);
    expect(((await dcaChart.getAttribute('aria-label')) ?? '').replace(/\s/g, ' ')).toContain(
      expected.dca.value,
    );
    await expect(main(page).locator('.line-chart__legend li')).toHaveText([
      tools(language, 'dca.column.value'),
      tools(language, 'dca.column.invested'),
    ]);
    await expect(page).toHaveURL(/\?calc=dca&amount=100&months=12&rate=12$/);
    await expectNoSidewaysScroll(page);

    // Staking: 1000 at 10 % APR compounded monthly for a year.
    await switcherLink(page, language, 'staking').click();
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
      tools(language, 'staking.title'),
    );
    await field(page, tools(language, 'staking.rate')).fill('10');
    await expect(figure(page, tools(language, 'staking.finalAmount'))).toHaveText(
      expected.staking.final,
    );
    await expect(figure(page, tools(language, 'staking.rewards'))).toHaveText(
      expected.staking.rewards,
    );
    await expect(figure(page, tools(language, 'staking.effectiveApy'))).toHaveText(
      expected.staking.apy,
    );
    await expect(main(page).getByRole('img')).toHaveCount(1);
    await expect(main(page)).toContainText(tools(language, 'staking.conventionApr'));
    await expect(main(page)).toContainText(tools(language, 'staking.aprApy'));
    await expect(page).toHaveURL(
      /\?calc=staking&amount=1000&rate=10&duration=1&durationUnit=years&compounding=monthly$/,
    );

    // The same 10 % read as an APY: compounding no longer changes anything, and the screen says so.
    await main(page)
      .getByRole('checkbox', { name: tools(language, 'staking.apy') })
      .check();
    await expect(figure(page, tools(language, 'staking.finalAmount'))).toHaveText(
      expected.staking.apyFinal,
    );
    await expect(figure(page, tools(language, 'staking.effectiveApy'))).toHaveText(
      expected.staking.apyApy,
    );
    const compounding = main(page).getByRole('combobox', {
      name: tools(language, 'staking.compounding'),
    });
    await expect(compounding).toHaveAccessibleDescription(tools(language, 'staking.apyHint'));
    await compounding.selectOption('daily');
    await expect(figure(page, tools(language, 'staking.finalAmount'))).toHaveText(
      expected.staking.apyFinal,
    );
    await expect(page).toHaveURL(/&compounding=daily&apy=1$/);

    await expectOnlyPrintableFigures(page);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
}

test('a figure reads exactly as Intl prints it in French', async ({ page }) => {
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/tools?calc=dca&amount=100&months=12&rate=12');
  await expect(figure(page, 'Valeur finale simulée')).toHaveText('1 276,65 $');
  expect(await figure(page, 'Valeur finale simulée').textContent()).toBe(
    `1${NARROW_NO_BREAK_SPACE}276,65${NO_BREAK_SPACE}$`,
  );
});

test('the URL restores a calculation, follows the fields, and means the same in every language', async ({
  page,
}) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tools?calc=staking&amount=1000&rate=10&duration=12&durationUnit=months');
  await expect(switcherLink(page, 'en', 'staking')).toHaveAttribute('aria-current', 'page');
  await expect(field(page, tools('en', 'staking.duration'))).toHaveValue('12');
  await expect(
    main(page).getByRole('combobox', { name: tools('en', 'staking.durationUnit') }),
  ).toHaveValue('months');
  await expect(figure(page, tools('en', 'staking.finalAmount'))).toHaveText('1,104.71');

  // Typing replaces the address once typing pauses; the back button does not replay keystrokes.
  const historyLength = await page.evaluate(() => history.length);
  await field(page, tools('en', 'staking.amount')).fill('2,500.5');
  await expect(page).toHaveURL(/\?calc=staking&amount=2500\.5&rate=10&duration=12&/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect(field(page, tools('en', 'staking.amount'))).toHaveValue('2,500.5');

  await page.reload();
  await expect(field(page, tools('en', 'staking.amount'))).toHaveValue('2500.5');
  await expect(figure(page, tools('en', 'staking.finalAmount'))).toHaveText('2,762.34');

  // A link made in English opened in French: the same numbers, a French decimal comma.
  await page.evaluate(() => {
    localStorage.setItem('language', 'fr');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(field(page, tools('fr', 'staking.amount'))).toHaveValue('2500,5');
  await expect(figure(page, tools('fr', 'staking.finalAmount'))).toHaveText('2 762,34');

  // Junk in a shared link falls back to the defaults.
  await openPage(page, '/tools?calc=dca&amount=lots&months=&rate=NaN');
  await expect(field(page, tools('fr', 'dca.amount'))).toHaveValue('100');
  await expect(field(page, tools('fr', 'dca.months'))).toHaveValue('12');
  await expect(field(page, tools('fr', 'dca.rate'))).toHaveValue('10');
  await expectOnlyPrintableFigures(page);

  // The back button goes from one calculator to the previous one, values included.
  await openPage(page, '/tools?calc=roi&initial=2000&final=1000&period=6&periodUnit=months');
  await expect(figure(page, tools('fr', 'roi.roiPercent'))).toHaveText('-50,00 %');
  await switcherLink(page, 'fr', 'dca').click();
  await expect(page).toHaveURL(/\?calc=dca$/);
  await page.goBack();
  await expect(field(page, tools('fr', 'roi.initial'))).toHaveValue('2000');
  await expect(figure(page, tools('fr', 'roi.annualised'))).toHaveText('-75,00 %');
});

test('bad input: a translated message next to the field, and no figure', async ({ page }) => {
  test.slow();
  await usePreferences(page, { language: 'fr' });
  await openPage(page, '/tools?calc=dca');
  const amount = field(page, tools('fr', 'dca.amount'));
  const status = resultStatus(page);

  await amount.fill('');
  await expect(await errorOf(page, amount)).toHaveText(tools('fr', 'errors.empty'));
  await expect(status).toHaveText(tools('fr', 'result.invalid'));
  await expect(main(page).locator('.tools-figures')).toHaveCount(0);
  await expect(main(page).getByRole('table')).toHaveCount(0);

  await amount.fill('cent dollars');
  await expect(await errorOf(page, amount)).toHaveText(
    'Saisissez un nombre, par exemple 1 234,56.',
  );
  await amount.fill('-50');
  await expect(await errorOf(page, amount)).toHaveText(tools('fr', 'errors.negative'));
  await amount.fill('100000000000000000000');
  await expect(await errorOf(page, amount)).toHaveText(
    'La valeur maximale est 1 000 000 000 000 $.',
  );
  await expectOnlyPrintableFigures(page);

  const months = field(page, tools('fr', 'dca.months'));
  await months.fill('1,5');
  await expect(await errorOf(page, months)).toHaveText(tools('fr', 'errors.notWhole'));
  await months.fill('12000');
  await expect(await errorOf(page, months)).toHaveText('La valeur maximale est 1 200 mois.');
  const rate = field(page, tools('fr', 'dca.rate'));
  await rate.fill('-150');
  await expect(await errorOf(page, rate)).toHaveText('La valeur minimale est -100 %.');

  // Corrected, the result comes back; the thousands typed with spaces are understood.
  await amount.fill('1 000');
  await months.fill('24');
  await rate.fill('0');
  await expect(status).toHaveText('');
  await expect(figure(page, tools('fr', 'dca.value'))).toHaveText('24 000,00 $');
  await expect(amount).not.toHaveAttribute('aria-invalid');

  // A thousand years, and a result too large to print.
  await switcherLink(page, 'fr', 'staking').click();
  // Typed once the calculator has shown its first result: a fill sent while it was still
  // settling was once lost on a loaded machine (the field showed its default again).
  await expect(figure(page, tools('fr', 'staking.finalAmount'))).toBeVisible();
  const duration = field(page, tools('fr', 'staking.duration'));
  await duration.fill('1000');
  await expect(await errorOf(page, duration)).toHaveText('La valeur maximale est 100 ans.');
  await duration.fill('100');
  await field(page, tools('fr', 'staking.rate')).fill('1000');
  await field(page, tools('fr', 'staking.amount')).fill('1000000000');
  await expect(resultStatus(page)).toHaveText(tools('fr', 'result.tooLarge'));
  await expect(main(page).getByRole('img')).toHaveCount(0);
  await expectOnlyPrintableFigures(page);
  await expectNoAxeViolations(page);
});

test('bad input in English and Spanish names the limit in their notation', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tools?calc=roi');
  const initial = field(page, tools('en', 'roi.initial'));
  await initial.fill('0');
  await expect(await errorOf(page, initial)).toHaveText('The smallest value allowed is $0.01.');
  await expect(resultStatus(page)).toHaveText(tools('en', 'result.invalid'));
  const period = field(page, tools('en', 'roi.period'));
  await period.fill('40000');
  await main(page)
    .getByRole('combobox', { name: tools('en', 'roi.periodUnit') })
    .selectOption('days');
  await expect(await errorOf(page, period)).toHaveText('The largest value allowed is 36,500 days.');
  await expectOnlyPrintableFigures(page);

  await page.evaluate(() => {
    localStorage.setItem('language', 'es');
  });
  await openPage(page, '/tools?calc=staking');
  const rate = field(page, tools('es', 'staking.rate'));
  await rate.fill('-3');
  await expect(await errorOf(page, rate)).toHaveText(tools('es', 'errors.negative'));
  await rate.fill('5000');
  await expect(await errorOf(page, rate)).toHaveText('El valor máximo es 1000 %.');
  await expect(resultStatus(page)).toHaveText(tools('es', 'result.invalid'));
  await expectOnlyPrintableFigures(page);
});

test('keyboard only: through the switcher and the fields', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await openPage(page, '/tools');
  const roi = switcherLink(page, 'en', 'roi');
  await roi.focus();
  await page.keyboard.press('Tab');
  await expect(switcherLink(page, 'en', 'dca')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?calc=dca$/);
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(tools('en', 'dca.title'));
  await expect(switcherLink(page, 'en', 'dca')).toHaveAttribute('aria-current', 'page');
  await expect(switcherLink(page, 'en', 'dca')).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(switcherLink(page, 'en', 'staking')).toBeFocused();
  await page.keyboard.press('Tab');
  const amount = field(page, tools('en', 'dca.amount'));
  await expect(amount).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('100');
  await page.keyboard.press('Tab');
  await expect(field(page, tools('en', 'dca.months'))).toBeFocused();
  await page.keyboard.press('Tab');
  const rate = field(page, tools('en', 'dca.rate'));
  await expect(rate).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('12');
  await expect(figure(page, tools('en', 'dca.value'))).toHaveText('$1,276.65');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(switcherLink(page, 'en', 'staking')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
    tools('en', 'staking.title'),
  );

  // Staking's selects and checkbox work from the keyboard too.
  await page.keyboard.press('Tab');
  await expect(field(page, tools('en', 'staking.amount'))).toBeFocused();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Tab');
  const apy = main(page).getByRole('checkbox', { name: tools('en', 'staking.apy') });
  await expect(apy).toBeFocused();
  await page.keyboard.press('Space');
  await expect(apy).toBeChecked();
  await expect(page).toHaveURL(/&apy=1$/);
});

test('dark theme: the calculators have no axe violation', async ({ page }) => {
  await usePreferences(page, { language: 'es', theme: 'dark' });
  await openPage(page, '/tools?calc=dca&amount=250&months=36&rate=7');
  await expect(main(page).getByRole('table').getByRole('row')).toHaveCount(4);
  await expectNoAxeViolations(page);
  await openPage(page, '/tools?calc=staking&amount=1000&rate=8&duration=2&compounding=weekly');
  await expect(main(page).getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
