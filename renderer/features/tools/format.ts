import type { DurationUnit } from '../../../shared/calculators/parseNumberInput';
import { dateFormat, numberFormat } from '../market/format';

// The calculators' figures, with the market's cached formatters: a result updates on every
// keystroke and a yearly table holds up to a hundred rows. Standard notation only, never an
// exponent: the calculators keep every figure below 10^18, which Intl prints in full.

const MONEY: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  // "$" rather than "$US": "1 234,56 $" in French, "$1,234.56" in English.
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/** Dollars with cents: "1 234,56 $", "$1,234.56". */
export function formatUsd(value: number, language: string): string {
  return numberFormat(language, MONEY).format(value);
}

/** A limit in dollars, cents only when it has some: "1 000 000 000 000 $", "0,01 $". */
export function formatUsdLimit(value: number, language: string): string {
  return numberFormat(language, { ...MONEY, minimumFractionDigits: 0 }).format(value);
}

/**
 * A short dollar figure for a chart's axis, with as many significant digits as the axis needs
 * to tell its labels apart: "1,5 k $", "$1.05K".
 */
export function formatUsdAxis(value: number, digits: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumSignificantDigits: digits,
  }).format(value);
}

/** An amount in no particular unit (dollars or tokens), with two decimals: "1 104,71". */
export function formatAmount(value: number, language: string): string {
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

/** A plain number, decimals only when it has some: "1 000 000 000 000", "12,5". */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A short number for a chart's axis, as formatUsdAxis: "1,05 k", "1.05K". */
export function formatNumberAxis(value: number, digits: number, language: string): string {
  return numberFormat(language, { notation: 'compact', maximumSignificantDigits: digits }).format(
    value,
  );
}

/** A percentage given in percent (22.47 for 22.47 %), two decimals: "22,47 %", "22.47%". */
export function formatPercent(value: number, language: string): string {
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/** A limit in percent, decimals only when it has some: "1 000 %", "−100 %". */
export function formatPercentLimit(value: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

const INTL_UNITS: Readonly<Record<DurationUnit, string>> = {
  days: 'day',
  months: 'month',
  years: 'year',
};

/** A duration with its unit in words: "36 500 jours", "2 years", "1,5 años". */
export function formatDuration(value: number, unit: DurationUnit, language: string): string {
  return numberFormat(language, {
    style: 'unit',
    unit: INTL_UNITS[unit],
    unitDisplay: 'long',
    maximumFractionDigits: 2,
  }).format(value);
}

/** A day in full, in the reader's calendar and time zone: "26 novembre 2026". */
export function formatLongDate(date: Date, language: string): string {
  return dateFormat(language, { dateStyle: 'long' }).format(date);
}
