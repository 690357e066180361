import {
  DURATION_UNITS,
  MAX_AMOUNT_USD,
  MAX_DISPLAYABLE_RESULT,
  MIN_INITIAL_INVESTMENT_USD,
  checkChoiceField,
  checkNumberField,
  durationInYears,
  durationLimits,
  type CalculatorLanguage,
  type Duration,
  type DurationUnit,
  type InputCheck,
  type InputErrorCode,
  type NumberLimits,
} from './parseNumberInput';

/**
 * Return on investment: how much an investment gained or lost, and, when the holding period is
 * known, the same result as a yearly rate so that periods of different lengths compare.
 *
 * - profit = final − initial (negative for a loss), in USD.
 * - ROI = (final − initial) / initial × 100 %.
 * - Holding period in years: days / 365, months / 12.
 * - Annualised return is the compound annual growth rate (CAGR): the constant yearly rate that
 *   turns the initial investment into the final value over that period,
 *   ((final / initial)^(1 / years) − 1) × 100 %. A final value of 0 gives −100 %. Over a short
 *   period a large gain compounds into figures that mean nothing (doubling in a day is
 *   2^365 a year); above MAX_DISPLAYABLE_RESULT the annualised percentage is null and the screen
 *   says it is too large to show, while profit and ROI are still given.
 */

/** The URL parameter names, also the keys of the error map. */
export type RoiField = 'initial' | 'final' | 'period' | 'periodUnit';
export type RoiRawInput = Partial<Record<RoiField, string>>;

export interface RoiInput {
  initialUsd: number;
  finalUsd: number;
  /** null when no holding period was given: no annualised return then. */
  period: Duration | null;
}

export interface RoiResult {
  profitUsd: number;
  roiPercent: number;
  /** null when no holding period was given. */
  annualised: {
    years: number;
    /** CAGR in percent; null when its size exceeds MAX_DISPLAYABLE_RESULT. */
    percent: number | null;
  } | null;
}

export const ROI_DEFAULTS: Readonly<Record<RoiField, string>> = {
  initial: '1000',
  final: '1500',
  period: '2',
  periodUnit: 'years',
};

export const ROI_LIMITS = {
  initial: { min: MIN_INITIAL_INVESTMENT_USD, minInclusive: true, max: MAX_AMOUNT_USD },
  final: { min: 0, minInclusive: true, max: MAX_AMOUNT_USD },
} as const satisfies Record<string, NumberLimits>;

/** Compound annual growth rate in percent, or null when too large to show. */
export function annualisedPercent(initial: number, final: number, years: number): number | null {
  const ratio = final / initial;
  // JavaScript gives 1^Infinity = NaN; a tiny period must still say "0 %" when nothing changed.
  if (ratio === 1) return 0;
  if (ratio === 0) return -100;
  const percent = (ratio ** (1 / years) - 1) * 100;
  return Number.isFinite(percent) && percent <= MAX_DISPLAYABLE_RESULT ? percent : null;
}

export function calculateRoi(input: RoiInput): RoiResult {
  const profitUsd = input.finalUsd - input.initialUsd;
  const roiPercent = (profitUsd / input.initialUsd) * 100;
  if (input.period === null) return { profitUsd, roiPercent, annualised: null };
  const years = durationInYears(input.period);
  return {
    profitUsd,
    roiPercent,
    annualised: { years, percent: annualisedPercent(input.initialUsd, input.finalUsd, years) },
  };
}

/** Reads the ROI fields as typed (or as held in the URL); one error code per bad field. */
export function checkRoiInput(
  raw: RoiRawInput,
  language: CalculatorLanguage,
): InputCheck<RoiInput, RoiField> {
  const errors: Partial<Record<RoiField, InputErrorCode>> = {};
  const initial = checkNumberField(raw.initial, language, ROI_LIMITS.initial);
  if (!initial.ok) errors.initial = initial.error;
  const final = checkNumberField(raw.final, language, ROI_LIMITS.final);
  if (!final.ok) errors.final = final.error;

  let period: Duration | null = null;
  // An empty period means "no period"; the unit only matters once there is one.
  if ((raw.period ?? '').trim() !== '') {
    const unit = checkChoiceField<DurationUnit>(raw.periodUnit, DURATION_UNITS, 'years');
    if (!unit.ok) errors.periodUnit = unit.error;
    // With an unknown unit, the loosest limit still catches what is wrong with the value itself.
    const value = checkNumberField(
      raw.period,
      language,
      durationLimits(unit.ok ? unit.value : 'days'),
    );
    if (!value.ok) errors.period = value.error;
    if (unit.ok && value.ok) period = { value: value.value, unit: unit.value };
  }

  if (!initial.ok || !final.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { initialUsd: initial.value, finalUsd: final.value, period } };
}
