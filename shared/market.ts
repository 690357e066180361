/**
 * How often the local stack refreshes market prices by default. The provider's free plan allows
 * 10,000 calls a month; 260 sheets cost 2 calls per refresh (250 ids per call), so every 10
 * minutes spends 2 x 6 x 24 x 31 = 8,928 calls in a 31-day month (server/README.md).
 */
export const DEFAULT_MARKET_REFRESH_MINUTES = 10;

/** Prices older than this many refresh intervals are marked as delayed on screen. */
export const DELAYED_AFTER_INTERVALS = 3;

/** The age in minutes past which prices count as delayed. */
export const DELAYED_AFTER_MINUTES = DEFAULT_MARKET_REFRESH_MINUTES * DELAYED_AFTER_INTERVALS;

/** True when figures updated at `updatedAt` are older than three refresh intervals at `now`. */
export function isDelayed(updatedAt: string | Date, now: number): boolean {
  const time = new Date(updatedAt).getTime();
  if (Number.isNaN(time)) return true;
  return now - time > DELAYED_AFTER_MINUTES * 60_000;
}
