import { describe, expect, it } from 'vitest';
import { DELAYED_AFTER_MINUTES, isDelayed } from '../../shared/market';
import {
  parseLocalFavorites,
  serializeLocalFavorites,
  toggled,
} from '../../renderer/features/favorites/localFavorites';
import { latestUpdate } from '../../renderer/features/market/MarketSource';
import { linePoints } from '../../renderer/features/market/Sparkline';
import { formatChange, formatPrice } from '../../renderer/features/market/format';

describe('local favorites', () => {
  it('round-trips through storage and toggles in order', () => {
    const ids = toggled(toggled(toggled([], 'bitcoin'), 'ethereum'), 'bitcoin');
    expect(ids).toEqual(['ethereum']);
    expect(parseLocalFavorites(serializeLocalFavorites(['solana', 'ethereum']))).toEqual([
      'solana',
      'ethereum',
    ]);
  });

  it('drops anything that is not a list of sheet ids', () => {
    expect(parseLocalFavorites(null)).toEqual([]);
    expect(parseLocalFavorites('not json')).toEqual([]);
    expect(parseLocalFavorites('{"bitcoin":true}')).toEqual([]);
    expect(parseLocalFavorites('["bitcoin", 3, null, "BAD ID", "bitcoin", "avalanche-2"]')).toEqual(
      ['bitcoin', 'avalanche-2'],
    );
  });
});

describe('delayed prices', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('are older than three refresh intervals', () => {
    expect(DELAYED_AFTER_MINUTES).toBe(30);
    expect(isDelayed('2026-11-25T11:31:00Z', now)).toBe(false);
    expect(isDelayed('2026-11-25T11:29:00Z', now)).toBe(true);
    expect(isDelayed('not a date', now)).toBe(true);
  });

  it('are judged on the newest update of a list', () => {
    expect(latestUpdate([undefined, '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z'])).toBe(
      '2026-11-25T11:00:00Z',
    );
    expect(latestUpdate([undefined])).toBeNull();
  });
});

describe('market figures on screen', () => {
  it('show a change with its sign, never by colour alone', () => {
    expect(formatChange(2.5, 'en')).toBe('+2.5%');
    expect(formatChange(-1.25, 'en')).toBe('-1.25%');
    expect(formatChange(0, 'en')).toBe('0%');
  });

  it('give small prices significant digits and large ones cents', () => {
    expect(formatPrice(65432.1, 'en')).toBe('$65,432.10');
    expect(formatPrice(0.000123456, 'en')).toBe('$0.0001235');
  });

  it('draw a 7-day line inside its box', () => {
    const points = linePoints([10, 20, 15], 100, 32)
      .split(' ')
      .map((point) => point.split(',').map(Number));
    expect(points).toEqual([
      [0, 31],
      [50, 1],
      [100, 16],
    ]);
    expect(linePoints([5], 100, 32)).toBe('');
  });
});
