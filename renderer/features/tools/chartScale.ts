/**
 * The arithmetic of LineChart: round axis values and where a point falls on the plot. The plot
 * is drawn in a 100 × 100 box stretched to its container, so positions are percentages and the
 * same chart fits 375px and 1440px without computing any pixel.
 */

export interface Axis {
  min: number;
  max: number;
  /** Values worth a label, from min to max. */
  ticks: number[];
}

/** The round step (1, 2 or 5 times a power of ten) closest above `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Rounds away the float noise of repeated additions (0.1 + 0.2). */
const tidy = (value: number): number => Number(value.toPrecision(12));

function ticksBetween(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  const first = Math.ceil(tidy(min / step));
  const last = Math.floor(tidy(max / step));
  for (let index = first; index <= last; index += 1) ticks.push(tidy(index * step));
  return ticks;
}

/**
 * A value axis: widened to round values around the data, so the top line is labelled. A flat
 * series (a rate of 0 %) gets some room around it rather than a span of zero.
 */
export function valueAxis(low: number, high: number, tickCount = 5): Axis {
  let from = Math.min(low, high);
  let to = Math.max(low, high);
  if (to === from) {
    const room = Math.abs(to) > 0 ? Math.abs(to) / 10 : 1;
    // Figures that cannot be negative (money, balances) keep an axis that starts at 0 or above.
    from = from >= 0 ? Math.max(0, from - room) : from - room;
    to += room;
  }
  const step = niceStep((to - from) / Math.max(1, tickCount - 1));
  const min = tidy(Math.floor(tidy(from / step)) * step);
  const max = tidy(Math.ceil(tidy(to / step)) * step);
  return { min, max, ticks: ticksBetween(min, max, step) };
}

export interface TimeAxisOptions {
  /** Whole steps only, for a unit that cannot be split (the months of a monthly plan). */
  whole?: boolean;
  /** Steps in multiples of this once the span covers two of them (12: whole years of months). */
  group?: number;
  tickCount?: number;
}

/** A time axis: exactly the data's span, with round labels inside it. */
export function timeAxis(
  start: number,
  end: number,
  { whole = false, group, tickCount = 5 }: TimeAxisOptions = {},
): Axis {
  const min = Math.min(start, end);
  const max = Math.max(start, end) > min ? Math.max(start, end) : min + 1;
  const intervals = Math.max(1, tickCount - 1);
  let step = niceStep((max - min) / intervals);
  if (group !== undefined && max - min >= 2 * group) {
    step = group * niceStep((max - min) / group / intervals);
  }
  if (whole) step = Math.max(1, Math.round(step));
  return { min, max, ticks: ticksBetween(min, max, step) };
}

/** Where a value falls along an axis, from 0 (min) to 1 (max). */
export function share(value: number, axis: Axis): number {
  const span = axis.max - axis.min;
  return span > 0 ? (value - axis.min) / span : 0;
}

/** The `points` of an SVG polyline in the 100 × 100 box, y growing downwards as SVG wants. */
export function plotPoints(
  xs: readonly number[],
  ys: readonly number[],
  xAxis: Axis,
  yAxis: Axis,
): string {
  const count = Math.min(xs.length, ys.length);
  const points: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const x = 100 * share(xs[index] ?? 0, xAxis);
    const y = 100 * (1 - share(ys[index] ?? 0, yAxis));
    points.push(`${x.toFixed(2)},${y.toFixed(2)}`);
  }
  return points.join(' ');
}

/**
 * How many significant digits an axis's labels need so that no two of them read the same once
 * shortened ("1,05 k" and "1,1 k", not "1 k" twice).
 */
export function significantDigits(axis: Axis): number {
  const largest = Math.max(Math.abs(axis.min), Math.abs(axis.max));
  const step = axis.ticks.length > 1 ? (axis.ticks[1] ?? 0) - (axis.ticks[0] ?? 0) : largest;
  if (!(largest > 0) || !(step > 0)) return 1;
  const digits = Math.floor(Math.log10(largest)) - Math.floor(Math.log10(step)) + 1;
  return Math.min(21, Math.max(1, digits));
}
