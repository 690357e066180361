import { DCA_DEFAULTS, type DcaField } from '../../../shared/calculators/dca';
import {
  DURATION_UNITS,
  type CalculatorLanguage,
} from '../../../shared/calculators/parseNumberInput';
import { ROI_DEFAULTS, type RoiField } from '../../../shared/calculators/roi';
import {
  COMPOUNDING_CHOICES,
  STAKING_APY_FLAG,
  STAKING_DEFAULTS,
  type StakingField,
} from '../../../shared/calculators/staking';
import { plainFromText, textFromPlain } from './plainNumber';

/**
 * The calculators' state as the URL holds it, so that a result can be bookmarked and shared:
 * `/tools?calc=dca&amount=100&months=12&rate=10`. Numbers are plain ('.' decimal mark, no
 * grouping) and read as English, so a link made in French means the same thing in Spanish.
 * A value that is absent or not a number falls back to the default; a number out of range is
 * kept, so the link shows what its author saw, error included.
 */

export const CALCULATORS = ['roi', 'dca', 'staking'] as const;
export type CalculatorKey = (typeof CALCULATORS)[number];
export const DEFAULT_CALCULATOR: CalculatorKey = 'roi';

/** The language URL values are read in, whatever the reader's. */
export const URL_LANGUAGE: CalculatorLanguage = 'en';

export type FieldSpec =
  | {
      kind: 'number';
      fallback: string;
      /** An empty value has a meaning of its own (no holding period), kept as `period=`. */
      optional?: boolean;
    }
  | { kind: 'choice'; fallback: string; choices: readonly string[] }
  /** A checkbox: '1' when ticked, '' otherwise; only a ticked box appears in the URL. */
  | { kind: 'flag'; fallback: '' };

export type FieldSpecs<Field extends string> = Readonly<Record<Field, FieldSpec>>;

const number = (fallback: string): FieldSpec => ({ kind: 'number', fallback });
const choice = (choices: readonly string[], fallback: string): FieldSpec => ({
  kind: 'choice',
  fallback,
  choices,
});

/** Every field of every calculator, in the order the form and the URL list them. */
export const CALCULATOR_FIELDS: {
  roi: FieldSpecs<RoiField>;
  dca: FieldSpecs<DcaField>;
  staking: FieldSpecs<StakingField>;
} = {
  roi: {
    initial: number(ROI_DEFAULTS.initial),
    final: number(ROI_DEFAULTS.final),
    period: { kind: 'number', fallback: ROI_DEFAULTS.period, optional: true },
    periodUnit: choice(DURATION_UNITS, ROI_DEFAULTS.periodUnit),
  },
  dca: {
    amount: number(DCA_DEFAULTS.amount),
    months: number(DCA_DEFAULTS.months),
    rate: number(DCA_DEFAULTS.rate),
  },
  staking: {
    amount: number(STAKING_DEFAULTS.amount),
    rate: number(STAKING_DEFAULTS.rate),
    duration: number(STAKING_DEFAULTS.duration),
    durationUnit: choice(DURATION_UNITS, STAKING_DEFAULTS.durationUnit),
    compounding: choice(COMPOUNDING_CHOICES, STAKING_DEFAULTS.compounding),
    apy: { kind: 'flag', fallback: '' },
  },
};

/** The values of a calculator's fields, by URL parameter name. */
export type FieldValues = Readonly<Partial<Record<string, string>>>;

export interface CalculatorUrlState {
  calculator: CalculatorKey;
  /** Every field of the calculator once read; a field left out is written as its default. */
  values: FieldValues;
}

export function isCalculator(value: unknown): value is CalculatorKey {
  return typeof value === 'string' && (CALCULATORS as readonly string[]).includes(value);
}

/** A calculator's specs, without the field names' types, for code that works on any of them. */
function specsOf(calculator: CalculatorKey): [string, FieldSpec][] {
  return Object.entries(CALCULATOR_FIELDS[calculator]);
}

/** One URL value as the calculator will use it: plain when a number, the default when junk. */
export function readFieldValue(spec: FieldSpec, raw: string | null): string {
  switch (spec.kind) {
    case 'number': {
      if (raw === null) return spec.fallback;
      if (raw.trim() === '') return spec.optional === true ? '' : spec.fallback;
      return plainFromText(raw, URL_LANGUAGE) ?? spec.fallback;
    }
    case 'choice':
      return raw !== null && spec.choices.includes(raw) ? raw : spec.fallback;
    case 'flag':
      return raw === STAKING_APY_FLAG ? STAKING_APY_FLAG : '';
  }
}

export function readCalculatorUrl(params: URLSearchParams): CalculatorUrlState {
  const requested = params.get('calc');
  const calculator = isCalculator(requested) ? requested : DEFAULT_CALCULATOR;
  const values = Object.fromEntries(
    specsOf(calculator).map(([field, spec]) => [field, readFieldValue(spec, params.get(field))]),
  );
  return { calculator, values };
}

/** The URL parameters of a state: `calc` first, then the fields in the form's order. */
export function writeCalculatorUrl(state: CalculatorUrlState): URLSearchParams {
  const params = new URLSearchParams({ calc: state.calculator });
  for (const [field, spec] of specsOf(state.calculator)) {
    const value = state.values[field];
    if (value === undefined) continue;
    if (spec.kind === 'flag') {
      if (value === STAKING_APY_FLAG) params.set(field, value);
    } else if (value !== '' || (spec.kind === 'number' && spec.optional === true)) {
      params.set(field, value);
    }
  }
  return params;
}

/**
 * What the fields hold, ready for the URL: numbers made plain; a field that is not a number yet
 * is left out (its default stands in the URL until it is corrected).
 */
export function valuesFromTexts(
  calculator: CalculatorKey,
  texts: FieldValues,
  language: CalculatorLanguage,
): FieldValues {
  const values: Record<string, string> = {};
  for (const [field, spec] of specsOf(calculator)) {
    const text = texts[field] ?? '';
    if (spec.kind !== 'number') {
      values[field] = text;
    } else if (text.trim() === '') {
      if (spec.optional === true) values[field] = '';
    } else {
      const plain = plainFromText(text, language);
      if (plain !== null) values[field] = plain;
    }
  }
  return values;
}

/** The fields' texts for URL values, numbers in the reader's own notation. */
export function textsFromValues(
  calculator: CalculatorKey,
  values: FieldValues,
  language: CalculatorLanguage,
): Record<string, string> {
  return Object.fromEntries(
    specsOf(calculator).map(([field, spec]) => {
      const value = values[field] ?? spec.fallback;
      return [field, spec.kind === 'number' ? textFromPlain(value, language) : value];
    }),
  );
}

/** A state as it will read back from the URL: what to compare to tell one state from another. */
export function urlKey(state: CalculatorUrlState): string {
  return writeCalculatorUrl(readCalculatorUrl(writeCalculatorUrl(state))).toString();
}
