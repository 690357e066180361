import { describe, expect, it } from 'vitest';
import {
  calculateDca,
  checkDcaInput,
  DCA_DEFAULTS,
  monthlyRate,
  type DcaRawInput,
  type DcaResult,
} from '../../shared/calculators/dca';
import {
  checkRange,
  MAX_DISPLAYABLE_RESULT,
  parseNumberInput,
  type CalculatorLanguage,
} from '../../shared/calculators/parseNumberInput';
import {
  calculateRoi,
  checkRoiInput,
  ROI_DEFAULTS,
  type RoiRawInput,
  type RoiResult,
} from '../../shared/calculators/roi';
import {
  calculateStaking,
  checkStakingInput,
  STAKING_DEFAULTS,
  STAKING_SERIES_STEPS,
  type StakingRawInput,
  type StakingResult,
} from '../../shared/calculators/staking';

const NO_BREAK_SPACE = '\u00A0';
const NARROW_NO_BREAK_SPACE = '\u202F';
const MINUS_SIGN = '\u2212';
const LANGUAGES: readonly CalculatorLanguage[] = ['fr', 'en', 'es'];

/** Every number anywhere in a result, however deeply nested. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbersIn);
  return [];
}

function expectDisplayable(result: unknown): void {
  const numbers = numbersIn(result);
  expect(numbers.length).toBeGreaterThan(0);
  // One assertion per result, not per number: a DCA series holds thousands of them.
  const undisplayable = numbers.filter(
    (number) => !Number.isFinite(number) || Math.abs(number) > MAX_DISPLAYABLE_RESULT,
  );
  expect(undisplayable).toEqual([]);
}

const parsed = (text: string, language: CalculatorLanguage) => {
  const outcome = parseNumberInput(text, language);
  return outcome.ok ? outcome.value : outcome.error;
};

describe('parseNumberInput', () => {
  it('reads French numbers with each kind of space between thousands', () => {
    expect(parsed('1 234,56', 'fr')).toBe(1234.56);
    expect(parsed(`1${NO_BREAK_SPACE}234,56`, 'fr')).toBe(1234.56);
    expect(parsed(`1${NARROW_NO_BREAK_SPACE}234,56`, 'fr')).toBe(1234.56);
    expect(parsed(`12${NARROW_NO_BREAK_SPACE}345${NARROW_NO_BREAK_SPACE}678`, 'fr')).toBe(12345678);
    expect(parsed('1.234,56', 'fr')).toBe(1234.56);
    expect(parsed('0,5', 'fr')).toBe(0.5);
  });

  it('reads the other decimal mark when it cannot be grouping', () => {
    // One point not followed by exactly 3 digits cannot group thousands: a decimal point.
    expect(parsed('12.5', 'fr')).toBe(12.5);
    expect(parsed('1234.567', 'fr')).toBe(1234.567);
    expect(parsed('0.123', 'es')).toBe(0.123);
    expect(parsed('12,5', 'en')).toBe(12.5);
    // "1 to 3 digits, mark, 3 digits" is grouping in the language's own convention.
    expect(parsed('1.234', 'fr')).toBe(1234);
    expect(parsed('1,234', 'en')).toBe(1234);
    // With space grouping, a single mark is the decimal one.
    expect(parsed('1 234.56', 'fr')).toBe(1234.56);
    // With both marks, the last one is the decimal one.
    expect(parsed('1.234,56', 'en')).toBe(1234.56);
    expect(parsed('1,234.56', 'fr')).toBe(1234.56);
  });

  it('reads English and Spanish numbers', () => {
    expect(parsed('1,234.56', 'en')).toBe(1234.56);
    expect(parsed('1,234,567', 'en')).toBe(1234567);
    expect(parsed('1 234.56', 'en')).toBe(1234.56);
    expect(parsed('.5', 'en')).toBe(0.5);
    expect(parsed('1.234,56', 'es')).toBe(1234.56);
    expect(parsed('1.234.567', 'es')).toBe(1234567);
    expect(parsed('12,5', 'es')).toBe(12.5);
  });

  it('ignores surrounding spaces, reads signs and tolerates one unit sign', () => {
    for (const language of LANGUAGES) {
      expect(parsed('  42 ', language)).toBe(42);
      expect(parsed('-5', language)).toBe(-5);
      expect(parsed(`${MINUS_SIGN}5`, language)).toBe(-5);
      expect(parsed('+7', language)).toBe(7);
      expect(parsed('$100', language)).toBe(100);
      expect(parsed('-$5', language)).toBe(-5);
      expect(parsed('100 €', language)).toBe(100);
      expect(parsed('5 %', language)).toBe(5);
      expect(Object.is(parsed('-0', language), 0)).toBe(true);
    }
  });

  it('tells an empty field from one that is not a number', () => {
    for (const language of LANGUAGES) {
      expect(parsed('', language)).toBe('empty');
      expect(parsed('   ', language)).toBe('empty');
      expect(parsed(NO_BREAK_SPACE, language)).toBe('empty');
      for (const text of [
        'abc',
        '1e5',
        '1,2,3',
        '12..5',
        'Infinity',
        'NaN',
        '-',
        '$',
        '12 5',
        '1 234.567,8',
        '$5%',
        '--5',
        '0x10',
        '9'.repeat(400),
      ]) {
        expect([language, text, parsed(text, language)]).toEqual([language, text, 'notANumber']);
      }
    }
    // Two decimal marks in the language's own convention.
    expect(parsed('1.234.567', 'en')).toBe('notANumber');
    expect(parsed('1,5,0', 'fr')).toBe('notANumber');
  });
});

describe('checkRange', () => {
  it('names the way a value is out of range', () => {
    const positive = { min: 0, minInclusive: false, max: 1000 };
    expect(checkRange(5, positive)).toBeNull();
    expect(checkRange(1000, positive)).toBeNull();
    expect(checkRange(-1, positive)).toBe('negative');
    expect(checkRange(0, positive)).toBe('tooSmall');
    expect(checkRange(1000.01, positive)).toBe('tooLarge');
    expect(checkRange(-150, { min: -100, minInclusive: true, max: 1000 })).toBe('tooSmall');
    expect(checkRange(-100, { min: -100, minInclusive: true, max: 1000 })).toBeNull();
    expect(checkRange(1.5, { min: 1, minInclusive: true, max: 12, whole: true })).toBe('notWhole');
  });
});

function roi(raw: RoiRawInput, language: CalculatorLanguage = 'en'): RoiResult {
  const checked = checkRoiInput(raw, language);
  if (!checked.ok) throw new Error(`unexpected errors ${JSON.stringify(checked.errors)}`);
  return calculateRoi(checked.input);
}

describe('ROI', () => {
  it('works out the default example', () => {
    // 1000 → 1500 over 2 years: profit 500; ROI 500 / 1000 = 50 %;
    // CAGR = 1.5^(1/2) − 1 = 0.224745 → 22.47 %.
    const result = roi(ROI_DEFAULTS);
    expect(result.profitUsd).toBe(500);
    expect(result.roiPercent).toBeCloseTo(50, 10);
    expect(result.annualised?.years).toBe(2);
    expect(result.annualised?.percent).toBeCloseTo(22.474487, 5);
  });

  it('gives 0 % for an unchanged value', () => {
    // 1000 → 1000 over 3 years: profit 0; ROI 0 %; CAGR = 1^(1/3) − 1 = 0 %.
    const result = roi({ initial: '1000', final: '1000', period: '3' });
    expect(result.profitUsd).toBe(0);
    expect(result.roiPercent).toBe(0);
    expect(result.annualised?.percent).toBe(0);
  });

  it('gives negative figures for a loss', () => {
    // 2000 → 1500 over 1 year: profit −500; ROI −500 / 2000 = −25 %; CAGR = 0.75^1 − 1 = −25 %.
    const result = roi({ initial: '2000', final: '1500', period: '1', periodUnit: 'years' });
    expect(result.profitUsd).toBe(-500);
    expect(result.roiPercent).toBeCloseTo(-25, 10);
    expect(result.annualised?.percent).toBeCloseTo(-25, 10);
  });

  it('annualises a fractional period', () => {
    // 1000 → 1100 over 6 months = 0.5 year: ROI 10 %; CAGR = 1.1^(1/0.5) − 1 = 1.21 − 1 = 21 %.
    const sixMonths = roi({ initial: '1000', final: '1100', period: '6', periodUnit: 'months' });
    expect(sixMonths.roiPercent).toBeCloseTo(10, 10);
    expect(sixMonths.annualised?.years).toBe(0.5);
    expect(sixMonths.annualised?.percent).toBeCloseTo(21, 8);

    // 1000 → 1010 over 73 days = 73 / 365 = 0.2 year: ROI 1 %;
    // CAGR = 1.01^5 − 1 = 1.0510100501 − 1 → 5.10100501 %.
    const days = roi({ initial: '1000', final: '1010', period: '73', periodUnit: 'days' });
    expect(days.roiPercent).toBeCloseTo(1, 10);
    expect(days.annualised?.years).toBeCloseTo(0.2, 12);
    expect(days.annualised?.percent).toBeCloseTo(5.10100501, 6);

    // Typed in French: 1 000 → 2 000 over 1,5 year: ROI 100 %;
    // CAGR = 2^(1/1.5) − 1 = 2^(2/3) − 1 = 1.587401052 − 1 → 58.7401052 %.
    const french = roi({ initial: '1 000', final: '2 000', period: '1,5' }, 'fr');
    expect(french.roiPercent).toBeCloseTo(100, 10);
    expect(french.annualised?.percent).toBeCloseTo(58.7401052, 6);
  });

  it('gives −100 % when everything is lost, and no annualised figure without a period', () => {
    // 500 → 0 over 2 years: profit −500; ROI −100 %; CAGR = 0^(1/2) − 1 = −100 %.
    const lost = roi({ initial: '500', final: '0', period: '2' });
    expect(lost.profitUsd).toBe(-500);
    expect(lost.roiPercent).toBe(-100);
    expect(lost.annualised?.percent).toBe(-100);

    // 250 → 1000, no period: profit 750; ROI 750 / 250 = 300 %.
    const noPeriod = roi({ initial: '250', final: '1000', period: '  ', periodUnit: 'weeks' });
    expect(noPeriod.profitUsd).toBe(750);
    expect(noPeriod.roiPercent).toBeCloseTo(300, 10);
    expect(noPeriod.annualised).toBeNull();
  });

  it('leaves the annualised figure out when it is too large to mean anything', () => {
    // Doubling in 1 day: 2^365 − 1 ≈ 7.5 × 10^109, far beyond the screen.
    const result = roi({ initial: '1', final: '2', period: '1', periodUnit: 'days' });
    expect(result.roiPercent).toBeCloseTo(100, 10);
    expect(result.annualised?.percent).toBeNull();
  });

  it('puts one error code on each bad field', () => {
    const errors = (raw: RoiRawInput) => {
      const checked = checkRoiInput(raw, 'en');
      return checked.ok ? null : checked.errors;
    };
    expect(errors({})).toEqual({ initial: 'empty', final: 'empty' });
    expect(errors({ ...ROI_DEFAULTS, initial: '-100' })).toEqual({ initial: 'negative' });
    expect(errors({ ...ROI_DEFAULTS, initial: '0' })).toEqual({ initial: 'tooSmall' });
    expect(errors({ ...ROI_DEFAULTS, final: '-1' })).toEqual({ final: 'negative' });
    expect(errors({ ...ROI_DEFAULTS, initial: 'ten' })).toEqual({ initial: 'notANumber' });
    expect(errors({ ...ROI_DEFAULTS, final: '100000000000000000000' })).toEqual({
      final: 'tooLarge',
    });
    expect(errors({ ...ROI_DEFAULTS, period: '1000' })).toEqual({ period: 'tooLarge' });
    expect(errors({ ...ROI_DEFAULTS, period: '1201', periodUnit: 'months' })).toEqual({
      period: 'tooLarge',
    });
    expect(errors({ ...ROI_DEFAULTS, period: '0' })).toEqual({ period: 'tooSmall' });
    expect(errors({ ...ROI_DEFAULTS, period: '-2' })).toEqual({ period: 'negative' });
    expect(errors({ ...ROI_DEFAULTS, periodUnit: 'weeks' })).toEqual({
      periodUnit: 'invalidChoice',
    });
    expect(errors({ ...ROI_DEFAULTS, period: '36500', periodUnit: 'days' })).toBeNull();
  });

  it('returns only finite, displayable numbers for any accepted input', () => {
    for (const initial of ['0.01', '1', '1000', '1000000000000'])
      for (const final of ['0', '0.01', '1000', '1000000000000'])
        for (const period of ['', '0.000001', '1', '100'])
          for (const periodUnit of ['days', 'months', 'years']) {
            expectDisplayable(roi({ initial, final, period, periodUnit }));
          }
  });
});

function dca(raw: DcaRawInput, language: CalculatorLanguage = 'en'): DcaResult {
  const checked = checkDcaInput(raw, language);
  if (!checked.ok) throw new Error(`unexpected errors ${JSON.stringify(checked.errors)}`);
  const outcome = calculateDca(checked.input);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.result;
}

describe('DCA', () => {
  it('gives back exactly what was invested at 0 %', () => {
    // 100 a month for 12 months at 0 %: m = 1^(1/12) − 1 = 0; value = invested = 1200.
    const result = dca({ amount: '100', months: '12', rate: '0' });
    expect(result.totalInvestedUsd).toBe(1200);
    expect(result.finalValueUsd).toBe(1200);
    expect(result.gainsUsd).toBe(0);
  });

  it('compounds the monthly rate that gives the annual return', () => {
    // m = 1.12^(1/12) − 1 = 0.009488793. Contributions at the start of each month:
    // value = 100 × Σ_{k=1..12} (1+m)^k = 100 × (1+m) × ((1+m)^12 − 1) / m
    //       = 100 × 1.009488793 × 0.12 / 0.009488793 = 1276.649791.
    expect(monthlyRate(12)).toBeCloseTo(0.009488793, 9);
    const result = dca({ amount: '100', months: '12', rate: '12' });
    expect(result.totalInvestedUsd).toBe(1200);
    expect(result.finalValueUsd).toBeCloseTo(1276.649791, 5);
    expect(result.gainsUsd).toBeCloseTo(76.649791, 5);
    expect(result.byYear).toHaveLength(1);
    expect(result.byMonth).toHaveLength(13);
    expect(result.byMonth[0]).toEqual({ month: 0, investedUsd: 0, valueUsd: 0 });
    // After month 1: 100 × 1.009488793 = 100.9488793.
    expect(result.byMonth[1]?.valueUsd).toBeCloseTo(100.9488793, 6);
  });

  it('loses everything at −100 %', () => {
    // 1 + m = 0^(1/12) = 0: each month's value is (value + 100) × 0 = 0.
    const result = dca({ amount: '100', months: '24', rate: '-100' });
    expect(result.totalInvestedUsd).toBe(2400);
    expect(result.finalValueUsd).toBe(0);
    expect(result.gainsUsd).toBe(-2400);
    expect(result.byYear.map((row) => row.valueUsd)).toEqual([0, 0]);
  });

  it('shows a loss for a negative return', () => {
    // −20 % a year: 1 + m = 0.8^(1/12) = 0.981576530;
    // value = 100 × 0.981576530 × (1 − 0.8) / (1 − 0.981576530) = 1065.571820.
    const result = dca({ amount: '100', months: '12', rate: '-20' });
    expect(monthlyRate(-20)).toBeCloseTo(-0.01842347, 8);
    expect(result.finalValueUsd).toBeCloseTo(1065.57182, 5);
    expect(result.gainsUsd).toBeCloseTo(-134.42818, 5);
  });

  it('ends the yearly table on a partial year', () => {
    // 50 a month for 18 months at 10 %: 1 + m = 1.1^(1/12) = 1.007974140.
    // Year 1 (12 months): 50 × 1.007974140 × 0.1 / 0.007974140 = 632.026831, invested 600.
    // Month 18: 632.026831 × 1.1^(1/2) + 50 × 1.007974140 × (1.1^(1/2) − 1) / 0.007974140
    //         = 632.026831 × 1.048808848 + 50 × 1.007974140 × 0.048808848 / 0.007974140
    //         = 662.875 + 308.485 = 971.360348, invested 900.
    const result = dca({ amount: '50', months: '18', rate: '10' });
    expect(result.byYear).toHaveLength(2);
    expect(result.byYear[0]).toMatchObject({ year: 1, months: 12, investedUsd: 600 });
    expect(result.byYear[0]?.valueUsd).toBeCloseTo(632.026831, 5);
    expect(result.byYear[1]).toMatchObject({ year: 2, months: 18, investedUsd: 900 });
    expect(result.byYear[1]?.valueUsd).toBeCloseTo(971.360348, 5);
    expect(result.finalValueUsd).toBe(result.byYear[1]?.valueUsd);
    expect(result.byMonth).toHaveLength(19);
  });

  it('reads the defaults and a rate typed in French', () => {
    // 100 a month for 1 month at 12,5 % a year: 100 × 1.125^(1/12) = 100.986....
    const result = dca({ amount: '100', months: '1', rate: '12,5' }, 'fr');
    expect(result.finalValueUsd).toBeCloseTo(100 * 1.125 ** (1 / 12), 10);
    expect(dca(DCA_DEFAULTS).totalInvestedUsd).toBe(1200);
  });

  it('puts one error code on each bad field', () => {
    const errors = (raw: DcaRawInput) => {
      const checked = checkDcaInput(raw, 'en');
      return checked.ok ? null : checked.errors;
    };
    expect(errors({})).toEqual({ amount: 'empty', months: 'empty', rate: 'empty' });
    expect(errors({ ...DCA_DEFAULTS, amount: '-100' })).toEqual({ amount: 'negative' });
    expect(errors({ ...DCA_DEFAULTS, amount: '0' })).toEqual({ amount: 'tooSmall' });
    expect(errors({ ...DCA_DEFAULTS, amount: 'lots' })).toEqual({ amount: 'notANumber' });
    expect(errors({ ...DCA_DEFAULTS, amount: '100000000000000000000' })).toEqual({
      amount: 'tooLarge',
    });
    // 1000 years = 12 000 months.
    expect(errors({ ...DCA_DEFAULTS, months: '12000' })).toEqual({ months: 'tooLarge' });
    expect(errors({ ...DCA_DEFAULTS, months: '1.5' })).toEqual({ months: 'notWhole' });
    expect(errors({ ...DCA_DEFAULTS, months: '0' })).toEqual({ months: 'tooSmall' });
    expect(errors({ ...DCA_DEFAULTS, rate: '-150' })).toEqual({ rate: 'tooSmall' });
    expect(errors({ ...DCA_DEFAULTS, rate: '1001' })).toEqual({ rate: 'tooLarge' });
    expect(errors({ ...DCA_DEFAULTS, rate: '1e2' })).toEqual({ rate: 'notANumber' });
  });

  it('refuses a result too large to show rather than returning Infinity', () => {
    // 1000 % a year for a century: 11^100 ≈ 1.4 × 10^104.
    expect(
      calculateDca({ monthlyAmountUsd: 100, months: 1200, annualReturnPercent: 1000 }),
    ).toEqual({ ok: false, error: 'resultTooLarge' });
  });

  it('returns only finite, displayable numbers for any accepted input', () => {
    const outcomes = new Set<string>();
    for (const amount of ['0.01', '100', '1000000000000'])
      for (const months of ['1', '13', '1200'])
        for (const rate of ['-100', '-20', '0', '10', '1000']) {
          const checked = checkDcaInput({ amount, months, rate }, 'en');
          expect(checked.ok).toBe(true);
          if (!checked.ok) continue;
          const outcome = calculateDca(checked.input);
          outcomes.add(outcome.ok ? 'ok' : outcome.error);
          if (outcome.ok) expectDisplayable(outcome.result);
        }
    // The grid reaches past what can be shown, and every refusal says why.
    expect([...outcomes].sort()).toEqual(['ok', 'resultTooLarge']);
  });
});

function staking(raw: StakingRawInput, language: CalculatorLanguage = 'en'): StakingResult {
  const checked = checkStakingInput(raw, language);
  if (!checked.ok) throw new Error(`unexpected errors ${JSON.stringify(checked.errors)}`);
  const outcome = calculateStaking(checked.input);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.result;
}

describe('staking', () => {
  it('compounds an APR into a higher APY', () => {
    // 10 % APR compounded monthly for 1 year: 1000 × (1 + 0.1/12)^12 = 1104.713067;
    // APY = (1 + 0.1/12)^12 − 1 = 10.4713067 %.
    const result = staking({ amount: '1000', rate: '10', duration: '1', compounding: 'monthly' });
    expect(result.finalAmount).toBeCloseTo(1104.713067, 5);
    expect(result.totalRewards).toBeCloseTo(104.713067, 5);
    expect(result.effectiveApyPercent).toBeCloseTo(10.4713067, 6);
    expect(result.compoundingApplies).toBe(true);
    expect(result.equivalentAprPercent).toBeNull();
  });

  it('takes an APY as is, whatever the compounding', () => {
    // The same 10 % entered as APY: after 1 year 1000 × 1.1 = 1100; APY 10 %.
    // Equivalent APR compounded monthly: 12 × (1.1^(1/12) − 1) = 9.5689685 %.
    const monthly = staking({ amount: '1000', rate: '10', duration: '1', apy: '1' });
    expect(monthly.finalAmount).toBeCloseTo(1100, 8);
    expect(monthly.effectiveApyPercent).toBe(10);
    expect(monthly.compoundingApplies).toBe(false);
    expect(monthly.equivalentAprPercent).toBeCloseTo(9.5689685, 6);
    const daily = staking({
      amount: '1000',
      rate: '10',
      duration: '1',
      compounding: 'daily',
      apy: '1',
    });
    expect(daily.finalAmount).toBe(monthly.finalAmount);
    // Over 2 years: 1000 × 1.1^2 = 1210.
    expect(
      staking({ amount: '1000', rate: '10', duration: '2', apy: '1' }).finalAmount,
    ).toBeCloseTo(1210, 8);
  });

  it('gives no rewards at 0 %', () => {
    // (1 + 0/12)^(12 × 5) = 1: the amount stays 500.
    const result = staking({ amount: '500', rate: '0', duration: '5' });
    expect(result.finalAmount).toBe(500);
    expect(result.totalRewards).toBe(0);
    expect(result.effectiveApyPercent).toBe(0);
  });

  it('compounds a fractional number of years', () => {
    // 12 % APR monthly over 18 months = 1.5 years: 1000 × 1.01^(12 × 1.5) = 1000 × 1.01^18
    // = 1196.147476.
    const months = staking({
      amount: '1000',
      rate: '12',
      duration: '18',
      durationUnit: 'months',
      compounding: 'monthly',
    });
    expect(months.years).toBe(1.5);
    expect(months.finalAmount).toBeCloseTo(1196.147476, 5);

    // 10 % APR compounded yearly over 6 months: fractional exponent, 1000 × 1.1^0.5 = 1048.808848.
    const halfYear = staking({
      amount: '1000',
      rate: '10',
      duration: '6',
      durationUnit: 'months',
      compounding: 'yearly',
    });
    expect(halfYear.finalAmount).toBeCloseTo(1048.808848, 5);
  });

  it('compounds daily and weekly', () => {
    // 5 % APR daily over 73 days = 0.2 year: 1000 × (1 + 0.05/365)^(365 × 0.2 = 73) = 1010.049475;
    // APY = (1 + 0.05/365)^365 − 1 = 5.1267496 %.
    const daily = staking({
      amount: '1000',
      rate: '5',
      duration: '73',
      durationUnit: 'days',
      compounding: 'daily',
    });
    expect(daily.finalAmount).toBeCloseTo(1010.049475, 5);
    expect(daily.effectiveApyPercent).toBeCloseTo(5.1267496, 6);

    // 5,2 % APR weekly for 1 year, typed in French: 1000 × (1 + 0.052/52)^52 = 1000 × 1.001^52
    // = 1053.348373; APY 5.3348373 %.
    const weekly = staking(
      { amount: '1 000', rate: '5,2', duration: '1', compounding: 'weekly' },
      'fr',
    );
    expect(weekly.finalAmount).toBeCloseTo(1053.348373, 5);
    expect(weekly.effectiveApyPercent).toBeCloseTo(5.3348373, 6);
  });

  it('draws a balance series from the start to the end', () => {
    const result = staking({ ...STAKING_DEFAULTS, duration: '30', durationUnit: 'days' });
    expect(result.series).toHaveLength(STAKING_SERIES_STEPS + 1);
    expect(result.series[0]).toEqual({ elapsed: 0, years: 0, balance: 1000 });
    expect(result.series.at(-1)).toEqual({
      elapsed: 30,
      years: result.years,
      balance: result.finalAmount,
    });
    // Halfway: 15 days.
    expect(result.series[STAKING_SERIES_STEPS / 2]?.elapsed).toBe(15);
  });

  it('puts one error code on each bad field', () => {
    const errors = (raw: StakingRawInput) => {
      const checked = checkStakingInput(raw, 'en');
      return checked.ok ? null : checked.errors;
    };
    expect(errors({})).toEqual({ amount: 'empty', rate: 'empty', duration: 'empty' });
    expect(errors({ ...STAKING_DEFAULTS, amount: '-100' })).toEqual({ amount: 'negative' });
    expect(errors({ ...STAKING_DEFAULTS, amount: '0' })).toEqual({ amount: 'tooSmall' });
    expect(errors({ ...STAKING_DEFAULTS, amount: 'all my ETH' })).toEqual({
      amount: 'notANumber',
    });
    expect(errors({ ...STAKING_DEFAULTS, amount: '100000000000000000000' })).toEqual({
      amount: 'tooLarge',
    });
    expect(errors({ ...STAKING_DEFAULTS, rate: '-5' })).toEqual({ rate: 'negative' });
    expect(errors({ ...STAKING_DEFAULTS, rate: '1001' })).toEqual({ rate: 'tooLarge' });
    expect(errors({ ...STAKING_DEFAULTS, duration: '1000' })).toEqual({ duration: 'tooLarge' });
    expect(errors({ ...STAKING_DEFAULTS, duration: '36501', durationUnit: 'days' })).toEqual({
      duration: 'tooLarge',
    });
    expect(errors({ ...STAKING_DEFAULTS, durationUnit: 'weeks' })).toEqual({
      durationUnit: 'invalidChoice',
    });
    expect(errors({ ...STAKING_DEFAULTS, compounding: 'hourly' })).toEqual({
      compounding: 'invalidChoice',
    });
    expect(errors({ ...STAKING_DEFAULTS, apy: 'yes' })).toEqual({ apy: 'invalidChoice' });
    expect(errors({ ...STAKING_DEFAULTS, apy: '0' })).toBeNull();
  });

  it('refuses a result too large to show rather than returning Infinity', () => {
    // 1000 % APR compounded daily for a century: (1 + 10/365)^36500 ≈ e^987.
    expect(
      calculateStaking({
        amount: 1,
        annualRatePercent: 1000,
        duration: { value: 100, unit: 'years' },
        compounding: 'daily',
        rateIsApy: false,
      }),
    ).toEqual({ ok: false, error: 'resultTooLarge' });
  });

  it('returns only finite, displayable numbers for any accepted input', () => {
    const outcomes = new Set<string>();
    for (const amount of ['0.000001', '1000', '1000000000000'])
      for (const rate of ['0', '5', '1000'])
        for (const [duration, durationUnit] of [
          ['0.001', 'days'],
          ['36500', 'days'],
          ['7', 'months'],
          ['100', 'years'],
        ] as const)
          for (const compounding of ['daily', 'weekly', 'monthly', 'yearly'])
            for (const apy of ['', '1']) {
              const checked = checkStakingInput(
                { amount, rate, duration, durationUnit, compounding, apy },
                'en',
              );
              expect(checked.ok).toBe(true);
              if (!checked.ok) continue;
              const outcome = calculateStaking(checked.input);
              outcomes.add(outcome.ok ? 'ok' : outcome.error);
              if (outcome.ok) expectDisplayable(outcome.result);
            }
    expect([...outcomes].sort()).toEqual(['ok', 'resultTooLarge']);
  });
});
