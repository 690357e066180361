import {
  MAX_AMOUNT_USD,
  MAX_DURATION_BY_UNIT,
  MAX_RATE_PERCENT,
  MIN_RETURN_PERCENT,
  checkNumberField,
  isDisplayable,
  type CalculationOutcome,
  type CalculatorLanguage,
  type InputCheck,
  type InputErrorCode,
  type NumberLimits,
} from './parseNumberInput';

/**
 * Dollar-cost averaging: the same amount invested every month, growing at an assumed average
 * annual return. It shows what regular buying adds up to, not a forecast.
 *
 * - The annual return r becomes the monthly rate that compounds to it over 12 months:
 *   m = (1 + r)^(1/12) − 1, so 12 months at m give exactly r (not r / 12, which would overstate it).
 * - Each contribution is made at the start of its month and grows during that month:
 *   value after month k = (value after month k−1 + amount) × (1 + m).
 * - r = −100 % makes 1 + m = 0: everything is lost each month, the value stays 0.
 * - The yearly table has one row per started year; the last row of a duration that is not a whole
 *   number of years ends at the last month (18 months: rows at 12 and 18 months).
 * - The monthly series starts at month 0 (nothing invested, value 0) so a chart starts at the
 *   origin.
 * - 1 000 % a year for a century outgrows any screen: above MAX_DISPLAYABLE_RESULT the
 *   calculation answers 'resultTooLarge' rather than Infinity.
 */

/** The URL parameter names, also the keys of the error map. */
export type DcaField = 'amount' | 'months' | 'rate';
export type DcaRawInput = Partial<Record<DcaField, string>>;

export interface DcaInput {
  monthlyAmountUsd: number;
  /** Whole months. */
  months: number;
  annualReturnPercent: number;
}

export interface DcaYearRow {
  year: number;
  /** Months elapsed at the end of this row: 12 × year, or fewer for a last, partial year. */
  months: number;
  investedUsd: number;
  valueUsd: number;
}

export interface DcaMonthPoint {
  month: number;
  investedUsd: number;
  valueUsd: number;
}

export interface DcaResult {
  totalInvestedUsd: number;
  finalValueUsd: number;
  gainsUsd: number;
  byYear: DcaYearRow[];
  /** months + 1 points, from month 0. */
  byMonth: DcaMonthPoint[];
}

export const DCA_DEFAULTS: Readonly<Record<DcaField, string>> = {
  amount: '100',
  months: '12',
  rate: '10',
};

export const DCA_LIMITS = {
  amount: { min: 0, minInclusive: false, max: MAX_AMOUNT_USD },
  months: { min: 1, minInclusive: true, max: MAX_DURATION_BY_UNIT.months, whole: true },
  rate: { min: MIN_RETURN_PERCENT, minInclusive: true, max: MAX_RATE_PERCENT },
} as const satisfies Record<DcaField, NumberLimits>;

/** Monthly rate m such that (1 + m)^12 = 1 + annual return. */
export function monthlyRate(annualReturnPercent: number): number {
  return (1 + annualReturnPercent / 100) ** (1 / 12) - 1;
}

export function calculateDca(input: DcaInput): CalculationOutcome<DcaResult> {
  const monthlyGrowth = 1 + monthlyRate(input.annualReturnPercent);
  const byMonth: DcaMonthPoint[] = [{ month: 0, investedUsd: 0, valueUsd: 0 }];
  const byYear: DcaYearRow[] = [];
  let valueUsd = 0;
  for (let month = 1; month <= input.months; month += 1) {
    valueUsd = (valueUsd + input.monthlyAmountUsd) * monthlyGrowth;
    const investedUsd = input.monthlyAmountUsd * month;
    byMonth.push({ month, investedUsd, valueUsd });
    if (month % 12 === 0 || month === input.months) {
      byYear.push({ year: Math.ceil(month / 12), months: month, investedUsd, valueUsd });
    }
  }
  // With a positive return the value only grows, so the last one is the largest; with a
  // negative one every value stays below the total invested, itself at most 1.2 × 10^15.
  if (!isDisplayable(valueUsd)) return { ok: false, error: 'resultTooLarge' };
  const totalInvestedUsd = input.monthlyAmountUsd * input.months;
  return {
    ok: true,
    result: {
      totalInvestedUsd,
      finalValueUsd: valueUsd,
      gainsUsd: valueUsd - totalInvestedUsd,
      byYear,
      byMonth,
    },
  };
}

/** Reads the DCA fields as typed (or as held in the URL); one error code per bad field. */
export function checkDcaInput(
  raw: DcaRawInput,
  language: CalculatorLanguage,
): InputCheck<DcaInput, DcaField> {
  const amount = checkNumberField(raw.amount, language, DCA_LIMITS.amount);
  const months = checkNumberField(raw.months, language, DCA_LIMITS.months);
  const rate = checkNumberField(raw.rate, language, DCA_LIMITS.rate);
  if (amount.ok && months.ok && rate.ok) {
    return {
      ok: true,
      input: {
        monthlyAmountUsd: amount.value,
        months: months.value,
        annualReturnPercent: rate.value,
      },
    };
  }
  const errors: Partial<Record<DcaField, InputErrorCode>> = {};
  if (!amount.ok) errors.amount = amount.error;
  if (!months.ok) errors.months = months.error;
  if (!rate.ok) errors.rate = rate.error;
  return { ok: false, errors };
}
