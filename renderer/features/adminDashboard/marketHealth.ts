import type { MarketStatus } from './api';

/** A planned refresh this late (past its time) counts as delayed: a run takes a few seconds. */
export const DELAY_GRACE_MS = 5 * 60_000;

/**
 * How the market refresh is doing, judged on the database's clock (`now`), never the browser's:
 * `failing` when the last attempt failed, `delayed` when the planned run is overdue,
 * `unscheduled` when nothing recorded a plan (refresh disabled, or a hosted schedule that does
 * not say), `onTime` otherwise.
 */
export type MarketHealth = 'failing' | 'delayed' | 'unscheduled' | 'onTime';

export function marketHealth(market: MarketStatus): MarketHealth {
  const time = (value: string | null) => (value === null ? null : Date.parse(value));
  const now = Date.parse(market.now);
  const lastSuccess = time(market.last_success_at);
  const lastError = time(market.last_error_at);
  const nextRun = time(market.next_run_at);
  if (lastError !== null && (lastSuccess === null || lastError > lastSuccess)) return 'failing';
  if (nextRun === null) return 'unscheduled';
  if (now - nextRun > DELAY_GRACE_MS) return 'delayed';
  return 'onTime';
}
