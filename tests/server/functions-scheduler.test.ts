import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketRefreshInterval } from '../../server/config.ts';
import { startScheduler } from '../../server/functions/scheduler.ts';

// The scheduler that runs refresh-market in the local stack: at start, then every N ms, never
// two runs at once, failures logged without stopping it.

describe('functions: scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start, then every interval after the previous run ended, and stops', async () => {
    vi.useFakeTimers();
    let running = 0;
    let overlapped = false;
    let runs = 0;
    let finish: (() => void) | undefined;
    const scheduler = startScheduler({
      every: 1000,
      run: () => {
        runs += 1;
        if (running > 0) overlapped = true;
        running += 1;
        return new Promise<void>((resolve) => {
          finish = () => {
            running -= 1;
            resolve();
          };
        });
      },
    });
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(5000); // the first run is still going: no second one
    expect(runs).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    finish?.();
    const stopped = scheduler.stop();
    await stopped;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    expect(overlapped).toBe(false);
  });

  it('waits for a run in progress when stopped', async () => {
    let finish: (() => void) | undefined;
    const scheduler = startScheduler({
      every: 60_000,
      run: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    let done = false;
    const stopping = scheduler.stop().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    finish?.();
    await stopping;
    expect(done).toBe(true);
  });

  it('logs a failure by its message only and keeps going', async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    const error = Object.assign(new Error('provider down'), {
      headers: { authorization: 'Bearer k' },
    });
    const run = vi.fn(() => Promise.reject(error));
    const scheduler = startScheduler({ every: 100, run, log, name: 'refresh-market' });
    await vi.advanceTimersByTimeAsync(250);
    expect(run).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledWith('scheduler: refresh-market failed: provider down');
    expect(JSON.stringify(log.mock.calls)).not.toContain('Bearer');
    await scheduler.stop();
  });

  it('is disabled by 0 and reads MARKET_REFRESH_MINUTES (default 5)', async () => {
    const run = vi.fn(() => Promise.resolve());
    await startScheduler({ every: 0, run }).stop();
    expect(run).not.toHaveBeenCalled();
    expect(marketRefreshInterval({})).toBe(300_000);
    expect(marketRefreshInterval({ MARKET_REFRESH_MINUTES: ' ' })).toBe(300_000);
    expect(marketRefreshInterval({ MARKET_REFRESH_MINUTES: '0' })).toBe(0);
    expect(marketRefreshInterval({ MARKET_REFRESH_MINUTES: '0.5' })).toBe(30_000);
    expect(() => marketRefreshInterval({ MARKET_REFRESH_MINUTES: '-1' })).toThrow(
      'MARKET_REFRESH_MINUTES',
    );
    expect(() => marketRefreshInterval({ MARKET_REFRESH_MINUTES: 'soon' })).toThrow(
      'MARKET_REFRESH_MINUTES',
    );
  });
});
