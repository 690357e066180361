import type { Language } from '../catalog';

/**
 * What the three calculators (ROI, DCA, staking) share: reading a number the way a person types it
 * in their language, the limits every field obeys, and the error codes the screen translates.
 *
 * Why limits at all: every output must stay a finite number that the screen can print in full
 * (Intl.NumberFormat, no exponent notation). So amounts stop at a trillion dollars, durations at a
 * hundred years and rates at 1 000 %. Compounding can still outgrow any screen (1 000 % a year for
 * a century is 11^100), so calculators that compound refuse a result above
 * MAX_DISPLAYABLE_RESULT instead of returning Infinity.
 *
 * Reading a typed number (parseNumberInput):
 * - Spaces around are ignored. A leading '-' or '−' (U+2212) makes it negative; '+' is allowed.
 * - One unit sign is tolerated, because people copy figures with it: '$' or '€' right after the
 *   sign ('-$5', '€12'), or '$', '€' or '%' at the end ('12 €', '5 %'). Only one, and the field
 *   decides what the number means: '%' on an amount is not refused, simply ignored.
 * - Thousands may be grouped by spaces (U+0020, no-break U+00A0, narrow no-break U+202F, thin
 *   U+2009) or by the language's grouping mark (',' in en, '.' in fr and es). Groups must be
 *   well formed: 1 to 3 digits, then groups of exactly 3 ('12 5' is refused as a likely typo).
 * - The decimal mark is the language's own ('.' in en, ',' in fr and es). The other mark is read
 *   as a decimal mark too when it cannot be grouping: it appears once and is not "1 to 3 digits,
 *   mark, 3 digits" ('12.5' in fr is 12.5, '1.234' in fr is 1234; '12,5' in en is 12.5, '1,234'
 *   in en is 1234). When both marks appear, the last one is the decimal mark ('1.234,56' and
 *   '1,234.56' both read 1234.56 in any language). With space grouping, a single '.' or ',' is
 *   always the decimal mark.
 * - Refused: letters (so 'Infinity', 'NaN' and exponents like '1e5'), two decimal marks, badly
 *   formed groups, a number too long to be finite.
 */

export type CalculatorLanguage = Language;

export type ParseErrorCode = 'empty' | 'notANumber';
export type RangeErrorCode = 'tooSmall' | 'negative' | 'tooLarge' | 'notWhole';
/** A select-like field (a unit, a frequency, a flag) holds a value outside its list. */
export type ChoiceErrorCode = 'invalidChoice';
export type InputErrorCode = ParseErrorCode | RangeErrorCode | ChoiceErrorCode;
/** The inputs were valid but the result outgrows MAX_DISPLAYABLE_RESULT. */
export type CalculationErrorCode = 'resultTooLarge';

export type ParsedNumber = { ok: true; value: number } | { ok: false; error: ParseErrorCode };
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; error: InputErrorCode };
export type InputCheck<Input, Field extends string> =
  { ok: true; input: Input } | { ok: false; errors: Partial<Record<Field, InputErrorCode>> };
export type CalculationOutcome<Result> =
  { ok: true; result: Result } | { ok: false; error: CalculationErrorCode };

/** A trillion US dollars: more than any individual position, small enough to print in full. */
export const MAX_AMOUNT_USD = 1_000_000_000_000;
/**
 * ROI divides by the initial investment; one cent as the floor keeps the ROI percentage below
 * 10^16 % even for a trillion-dollar final value.
 */
export const MIN_INITIAL_INVESTMENT_USD = 0.01;
export const MAX_YEARS = 100;
export type DurationUnit = 'days' | 'months' | 'years';
export const DURATION_UNITS: readonly DurationUnit[] = ['days', 'months', 'years'];
/** A hundred years in each unit, with the 365-day year the calculators use. */
export const MAX_DURATION_BY_UNIT: Readonly<Record<DurationUnit, number>> = {
  days: MAX_YEARS * 365,
  months: MAX_YEARS * 12,
  years: MAX_YEARS,
};
export const MAX_RATE_PERCENT = 1_000;
/** An average return cannot be worse than losing everything. */
export const MIN_RETURN_PERCENT = -100;
/**
 * Largest absolute value a calculator hands to the screen: a quintillion, printed in full by
 * Intl.NumberFormat and by Number#toString (which switches to exponents at 10^21).
 */
export const MAX_DISPLAYABLE_RESULT = 1e18;

export interface NumberLimits {
  min: number;
  /** false: the value must be strictly above min (an amount of 0 makes no sense). */
  minInclusive: boolean;
  /** Always inclusive. */
  max: number;
  /** Only whole numbers (months of a monthly plan). */
  whole?: boolean;
}

/** Spaces people (and their keyboards, and copy-paste from formatted numbers) put between groups. */
const GROUPING_SPACES = /[\u0020\u00A0\u202F\u2009]/g;
const ALLOWED_BODY = /^[0-9., ]+$/;
const MINUS_SIGNS = ['-', '\u2212'];
const LEADING_UNIT_SIGNS = ['$', '€'];
const TRAILING_UNIT_SIGNS = ['$', '€', '%'];

type Mark = '.' | ',';

function nativeDecimalMark(language: CalculatorLanguage): Mark {
  return language === 'en' ? '.' : ',';
}

function otherMark(mark: Mark): Mark {
  return mark === '.' ? ',' : '.';
}

function countOf(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** "1 to 3 digits, then groups of exactly 3". */
function isWellGrouped(integerPart: string, separator: string): boolean {
  const groups = integerPart.split(separator);
  return groups.every((group, index) =>
    index === 0 ? /^\d{1,3}$/.test(group) : /^\d{3}$/.test(group),
  );
}

/**
 * Decides which mark is decimal and which one groups thousands; null when the body cannot be a
 * number whatever the reading.
 */
function readMarks(
  body: string,
  language: CalculatorLanguage,
): { decimal: Mark | null; grouping: Mark | ' ' | null } | null {
  const hasSpaces = body.includes(' ');
  const points = countOf(body, '.');
  const commas = countOf(body, ',');

  if (points > 0 && commas > 0) {
    if (hasSpaces) return null;
    const decimal: Mark = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    if (countOf(body, decimal) !== 1) return null;
    return { decimal, grouping: otherMark(decimal) };
  }
  const grouping = hasSpaces ? ' ' : null;
  if (points + commas === 0) return { decimal: null, grouping };

  const mark: Mark = points > 0 ? '.' : ',';
  const count = points + commas;
  if (hasSpaces || mark === nativeDecimalMark(language)) {
    return count === 1 ? { decimal: mark, grouping } : null;
  }
  // The language's grouping mark: grouping when it appears several times or when it looks like a
  // thousands group, a decimal mark typed the other way otherwise.
  if (count > 1) return { decimal: null, grouping: mark };
  const looksLikeThousands = new RegExp(`^[1-9]\\d{0,2}\\${mark}\\d{3}$`).test(body);
  return looksLikeThousands ? { decimal: null, grouping: mark } : { decimal: mark, grouping: null };
}

/** Reads a number as a person types it in their language; see the module comment for the rules. */
export function parseNumberInput(text: string, language: CalculatorLanguage): ParsedNumber {
  let rest = text.trim();
  if (rest === '') return { ok: false, error: 'empty' };

  let negative = false;
  const first = rest.charAt(0);
  if (MINUS_SIGNS.includes(first) || first === '+') {
    negative = first !== '+';
    rest = rest.slice(1).trim();
  }
  let hasUnitSign = false;
  if (LEADING_UNIT_SIGNS.includes(rest.charAt(0))) {
    hasUnitSign = true;
    rest = rest.slice(1).trim();
  }
  if (!hasUnitSign && TRAILING_UNIT_SIGNS.includes(rest.charAt(rest.length - 1))) {
    rest = rest.slice(0, -1).trim();
  }

  const body = rest.replace(GROUPING_SPACES, ' ');
  if (!ALLOWED_BODY.test(body) || !/\d/.test(body)) return { ok: false, error: 'notANumber' };
  const marks = readMarks(body, language);
  if (marks === null) return { ok: false, error: 'notANumber' };

  const [integerPart = '', fractionPart = ''] =
    marks.decimal === null ? [body] : body.split(marks.decimal);
  if (!/^\d*$/.test(fractionPart)) return { ok: false, error: 'notANumber' };
  if (marks.grouping !== null && !isWellGrouped(integerPart, marks.grouping)) {
    return { ok: false, error: 'notANumber' };
  }
  const integerDigits =
    marks.grouping === null ? integerPart : integerPart.split(marks.grouping).join('');
  if (!/^\d*$/.test(integerDigits)) return { ok: false, error: 'notANumber' };

  const magnitude = Number(`${integerDigits || '0'}.${fractionPart || '0'}`);
  if (!Number.isFinite(magnitude)) return { ok: false, error: 'notANumber' };
  // `|| 0` turns -0 into 0, which nobody wants to see printed.
  return { ok: true, value: (negative ? -magnitude : magnitude) || 0 };
}

/** null when the value is within the limits. */
export function checkRange(value: number, limits: NumberLimits): RangeErrorCode | null {
  const belowMin = limits.minInclusive ? value < limits.min : value <= limits.min;
  if (belowMin) return value < 0 && limits.min >= 0 ? 'negative' : 'tooSmall';
  if (value > limits.max) return 'tooLarge';
  if (limits.whole === true && !Number.isInteger(value)) return 'notWhole';
  return null;
}

/** Parsing then range checking: the whole story of one numeric field. */
export function checkNumberField(
  text: string | undefined,
  language: CalculatorLanguage,
  limits: NumberLimits,
): FieldCheck<number> {
  const parsed = parseNumberInput(text ?? '', language);
  if (!parsed.ok) return parsed;
  const rangeError = checkRange(parsed.value, limits);
  return rangeError === null ? parsed : { ok: false, error: rangeError };
}

/** A value from a fixed list; a missing or empty value falls back to the default. */
export function checkChoiceField<Choice extends string>(
  text: string | undefined,
  choices: readonly Choice[],
  fallback: Choice,
): FieldCheck<Choice> {
  if (text === undefined || text === '') return { ok: true, value: fallback };
  const choice = choices.find((candidate) => candidate === text);
  return choice === undefined ? { ok: false, error: 'invalidChoice' } : { ok: true, value: choice };
}

export interface Duration {
  value: number;
  unit: DurationUnit;
}

/** Calculators count a year as 365 days or 12 months. */
export function durationInYears(duration: Duration): number {
  switch (duration.unit) {
    case 'days':
      return duration.value / 365;
    case 'months':
      return duration.value / 12;
    case 'years':
      return duration.value;
  }
}

/** A positive duration of at most MAX_YEARS, in whatever unit was chosen. */
export function durationLimits(unit: DurationUnit): NumberLimits {
  return { min: 0, minInclusive: false, max: MAX_DURATION_BY_UNIT[unit] };
}

/** True when a number can be handed to the screen as is. */
export function isDisplayable(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_DISPLAYABLE_RESULT;
}
