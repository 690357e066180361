import {
  DURATION_UNITS,
  MAX_AMOUNT_USD,
  MAX_RATE_PERCENT,
  checkChoiceField,
  checkNumberField,
  durationInYears,
  durationLimits,
  isDisplayable,
  type CalculationOutcome,
  type CalculatorLanguage,
  type Duration,
  type DurationUnit,
  type FieldCheck,
  type InputCheck,
  type InputErrorCode,
  type NumberLimits,
} from './parseNumberInput';

/**
 * Staking rewards: what an amount becomes when rewards are added to it and earn rewards in turn.
 * The amount may be thought of in dollars or in tokens: the arithmetic is the same.
 *
 * Platforms quote either an APR or an APY, and mixing them up is the classic mistake this screen
 * explains, so both readings are offered:
 * - Rate entered as APR (the nominal annual rate), rewards compounded n times a year (daily 365,
 *   weekly 52, monthly 12, yearly 1): final = amount × (1 + APR / n)^(n × t), t in years
 *   (days / 365, months / 12). A duration that is not a whole number of compounding periods uses
 *   the fractional exponent, i.e. the same smooth curve between payouts.
 *   Effective APY = (1 + APR / n)^n − 1.
 * - Rate entered as APY (the effective annual yield, compounding already included):
 *   final = amount × (1 + APY)^t. The compounding frequency does not change the result
 *   (compoundingApplies is false so the screen can say so); the effective APY is the rate
 *   entered, and equivalentAprPercent gives the APR that, compounded at the chosen frequency,
 *   yields that APY: n × ((1 + APY)^(1/n) − 1).
 * - Rates are never negative: staking pays rewards, it does not charge them.
 * - The balance series has STAKING_SERIES_STEPS + 1 evenly spaced points from t = 0 to the end,
 *   enough for a smooth chart whatever the duration.
 * - 1 000 % compounded daily for a century outgrows any screen: above MAX_DISPLAYABLE_RESULT the
 *   calculation answers 'resultTooLarge' rather than Infinity.
 */

/** The URL parameter names, also the keys of the error map. */
export type StakingField = 'amount' | 'rate' | 'duration' | 'durationUnit' | 'compounding' | 'apy';
export type StakingRawInput = Partial<Record<StakingField, string>>;

export type Compounding = 'daily' | 'weekly' | 'monthly' | 'yearly';
export const COMPOUNDING_CHOICES: readonly Compounding[] = ['daily', 'weekly', 'monthly', 'yearly'];
export const COMPOUNDING_PERIODS_PER_YEAR: Readonly<Record<Compounding, number>> = {
  daily: 365,
  weekly: 52,
  monthly: 12,
  yearly: 1,
};

export interface StakingInput {
  amount: number;
  annualRatePercent: number;
  duration: Duration;
  compounding: Compounding;
  /** true: the rate is an APY (compounding included); false: an APR compounded as chosen. */
  rateIsApy: boolean;
}

export interface StakingPoint {
  /** Time since the start, in the unit the duration was entered in. */
  elapsed: number;
  years: number;
  balance: number;
}

export interface StakingResult {
  years: number;
  finalAmount: number;
  totalRewards: number;
  effectiveApyPercent: number;
  /** false when the rate is an APY: the compounding frequency then changes nothing. */
  compoundingApplies: boolean;
  /** When the rate is an APY, the APR giving it at the chosen compounding; null for an APR. */
  equivalentAprPercent: number | null;
  series: StakingPoint[];
}

export const STAKING_SERIES_STEPS = 60;

/** `apy` is absent (an APR) by default: the URL holds '1' only for an APY. */
export const STAKING_DEFAULTS: Readonly<Record<Exclude<StakingField, 'apy'>, string>> = {
  amount: '1000',
  rate: '5',
  duration: '1',
  durationUnit: 'years',
  compounding: 'monthly',
};

export const STAKING_LIMITS = {
  amount: { min: 0, minInclusive: false, max: MAX_AMOUNT_USD },
  rate: { min: 0, minInclusive: true, max: MAX_RATE_PERCENT },
} as const satisfies Record<string, NumberLimits>;

/** The value of `apy` in the URL when the rate is an APY. */
export const STAKING_APY_FLAG = '1';

export function calculateStaking(input: StakingInput): CalculationOutcome<StakingResult> {
  const rate = input.annualRatePercent / 100;
  const periodsPerYear = COMPOUNDING_PERIODS_PER_YEAR[input.compounding];
  const balanceAfter = (years: number): number =>
    input.rateIsApy
      ? input.amount * (1 + rate) ** years
      : input.amount * (1 + rate / periodsPerYear) ** (periodsPerYear * years);

  const years = durationInYears(input.duration);
  const finalAmount = balanceAfter(years);
  const effectiveApyPercent = input.rateIsApy
    ? input.annualRatePercent
    : ((1 + rate / periodsPerYear) ** periodsPerYear - 1) * 100;
  // Rates are not negative, so the balance only grows: the final amount is the largest figure.
  if (!isDisplayable(finalAmount) || !isDisplayable(effectiveApyPercent)) {
    return { ok: false, error: 'resultTooLarge' };
  }

  const series = Array.from({ length: STAKING_SERIES_STEPS + 1 }, (_, step): StakingPoint => {
    const share = step / STAKING_SERIES_STEPS;
    return {
      elapsed: input.duration.value * share,
      years: years * share,
      balance: balanceAfter(years * share),
    };
  });

  return {
    ok: true,
    result: {
      years,
      finalAmount,
      totalRewards: finalAmount - input.amount,
      effectiveApyPercent,
      compoundingApplies: !input.rateIsApy,
      equivalentAprPercent: input.rateIsApy
        ? periodsPerYear * ((1 + rate) ** (1 / periodsPerYear) - 1) * 100
        : null,
      series,
    },
  };
}

function checkApyFlag(text: string | undefined): FieldCheck<boolean> {
  if (text === undefined || text === '' || text === '0') return { ok: true, value: false };
  if (text === STAKING_APY_FLAG) return { ok: true, value: true };
  return { ok: false, error: 'invalidChoice' };
}

/** Reads the staking fields as typed (or as held in the URL); one error code per bad field. */
export function checkStakingInput(
  raw: StakingRawInput,
  language: CalculatorLanguage,
): InputCheck<StakingInput, StakingField> {
  const amount = checkNumberField(raw.amount, language, STAKING_LIMITS.amount);
  const rate = checkNumberField(raw.rate, language, STAKING_LIMITS.rate);
  const durationUnit = checkChoiceField<DurationUnit>(raw.durationUnit, DURATION_UNITS, 'years');
  // With an unknown unit, the loosest limit still catches what is wrong with the value itself.
  const duration = checkNumberField(
    raw.duration,
    language,
    durationLimits(durationUnit.ok ? durationUnit.value : 'days'),
  );
  const compounding = checkChoiceField(raw.compounding, COMPOUNDING_CHOICES, 'monthly');
  const apy = checkApyFlag(raw.apy);

  if (amount.ok && rate.ok && durationUnit.ok && duration.ok && compounding.ok && apy.ok) {
    return {
      ok: true,
      input: {
        amount: amount.value,
        annualRatePercent: rate.value,
        duration: { value: duration.value, unit: durationUnit.value },
        compounding: compounding.value,
        rateIsApy: apy.value,
      },
    };
  }
  const errors: Partial<Record<StakingField, InputErrorCode>> = {};
  if (!amount.ok) errors.amount = amount.error;
  if (!rate.ok) errors.rate = rate.error;
  if (!duration.ok) errors.duration = duration.error;
  if (!durationUnit.ok) errors.durationUnit = durationUnit.error;
  if (!compounding.ok) errors.compounding = compounding.error;
  if (!apy.ok) errors.apy = apy.error;
  return { ok: false, errors };
}
