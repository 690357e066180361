import { describe, expect, it } from 'vitest';
import type { MarketStatus } from '../../renderer/features/adminDashboard/api';
import { DELAY_GRACE_MS, marketHealth } from '../../renderer/features/adminDashboard/marketHealth';

const now = '2026-11-26T12:00:00.000Z';
const minutesFromNow = (minutes: number) =>
  new Date(Date.parse(now) + minutes * 60_000).toISOString();

const status = (overrides: Partial<MarketStatus>): MarketStatus => ({
  last_success_at: minutesFromNow(-5),
  last_error_at: null,
  last_error: null,
  next_run_at: minutesFromNow(5),
  provider_calls: 12,
  top_coins_refreshed_at: null,
  now,
  ...overrides,
});

describe('the market refresh health on the dashboard', () => {
  it('is on time while the planned run is ahead or only just past', () => {
    expect(marketHealth(status({}))).toBe('onTime');
    expect(marketHealth(status({ next_run_at: minutesFromNow(-DELAY_GRACE_MS / 60_000) }))).toBe(
      'onTime',
    );
  });

  it('is delayed once the planned run is overdue beyond the grace', () => {
    expect(marketHealth(status({ next_run_at: minutesFromNow(-6) }))).toBe('delayed');
  });

  it('is failing when the last attempt failed, whatever the plan says', () => {
    const failed = { last_error_at: minutesFromNow(-1), last_error: 'provider answered 500' };
    expect(marketHealth(status(failed))).toBe('failing');
    expect(marketHealth(status({ ...failed, last_success_at: null }))).toBe('failing');
    // A success after the error: the error is history.
    expect(marketHealth(status({ ...failed, last_success_at: minutesFromNow(0) }))).toBe('onTime');
  });

  it('is unscheduled when nothing recorded a next run', () => {
    expect(marketHealth(status({ next_run_at: null }))).toBe('unscheduled');
  });
});
