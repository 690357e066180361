import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDuration,
  formatNumber,
  formatPercent,
  formatPercentLimit,
  formatUsd,
  formatUsdAxis,
  formatUsdLimit,
} from '../../renderer/features/tools/format';

const NARROW_NO_BREAK_SPACE = '\u202F';
const NO_BREAK_SPACE = '\u00A0';

describe('calculator figures', () => {
  it('writes dollars the way each language does, with a plain $ sign', () => {
    // Intl groups French thousands with a narrow no-break space, and puts a no-break space
    // before the currency sign.
    expect(formatUsd(1234.56, 'fr')).toBe(`1${NARROW_NO_BREAK_SPACE}234,56${NO_BREAK_SPACE}$`);
    expect(formatUsd(1234.56, 'en')).toBe('$1,234.56');
    expect(formatUsd(1276.6497908353183, 'es')).toBe(`1276,65${NO_BREAK_SPACE}$`);
    expect(formatUsd(-500, 'en')).toBe('-$500.00');
  });

  it('never writes an exponent, even for the largest figures allowed', () => {
    expect(formatUsd(1e12, 'en')).toBe('$1,000,000,000,000.00');
    expect(formatUsd(1e18, 'en')).toBe('$1,000,000,000,000,000,000.00');
    expect(formatAmount(1e12, 'fr')).not.toMatch(/e/i);
    expect(formatPercent(1e16, 'en')).toBe('10,000,000,000,000,000.00%');
    expect(formatNumber(0.0000001, 'en')).toBe('0');
  });

  it('writes percentages with two decimals', () => {
    expect(formatPercent(22.474487139158896, 'fr')).toBe(`22,47${NO_BREAK_SPACE}%`);
    expect(formatPercent(50, 'en')).toBe('50.00%');
    expect(formatPercent(10.471306744129683, 'es')).toBe(`10,47${NO_BREAK_SPACE}%`);
    expect(formatPercent(-100, 'en')).toBe('-100.00%');
  });

  it('writes the limits an error message names', () => {
    expect(formatUsdLimit(1e12, 'fr')).toBe(
      `1${NARROW_NO_BREAK_SPACE}000${NARROW_NO_BREAK_SPACE}000${NARROW_NO_BREAK_SPACE}000${NARROW_NO_BREAK_SPACE}000${NO_BREAK_SPACE}$`,
    );
    expect(formatUsdLimit(0.01, 'en')).toBe('$0.01');
    expect(formatPercentLimit(1000, 'en')).toBe('1,000%');
    expect(formatDuration(36500, 'days', 'en')).toBe('36,500 days');
    expect(formatDuration(100, 'years', 'fr')).toBe('100 ans');
    expect(formatDuration(1200, 'months', 'es')).toBe('1200 meses');
  });

  it('shortens axis labels only as far as they stay distinct', () => {
    expect(formatUsdAxis(1050, 3, 'en')).toBe('$1.05K');
    expect(formatUsdAxis(1500, 2, 'en')).toBe('$1.5K');
    expect(formatUsdAxis(0, 2, 'en')).toBe('$0');
  });
});
