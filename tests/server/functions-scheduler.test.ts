import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketRefreshInterval } from '../../server/config.ts';
import { functionJob } from '../../server/functions/registry.ts';
import {
  MAX_BACKOFF_MS,
  nextDelay,
  RetryLaterError,
  startScheduler,
  type SchedulerClock,
} from '../../server/functions/scheduler.ts';

// The scheduler that runs refresh-market in the local stack: at start, then every N ms, never
// two runs at once, failures logged without stopping it but each one in a row waiting longer,
// and never sooner than a Retry-After. Only fake time here: no test waits on the clock.

const MINUTE = 60_000;

/** Resolves the promises queued so far (a run's end, the planning of the next). */
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
};

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
    vi.useFakeTimers();
    let finish: (() => void) | undefined;
    const scheduler = startScheduler({
      every: 60_000,
      run: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    let done = false;
    const stopping = scheduler.stop().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(done).toBe(false);
    finish?.();
    await stopping;
    expect(done).toBe(true);
  });

  it('logs a failure by its message only and keeps going, waiting twice as long each time', async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    const error = Object.assign(new Error('provider down'), {
      headers: { authorization: 'Bearer k' },
    });
    const run = vi.fn(() => Promise.reject(error));
    const scheduler = startScheduler({ every: 100, run, log, name: 'refresh-market' });
    // Runs at 0, then 200 ms later (x2), then 400 ms after that (x4): 0, 200, 600.
    await vi.advanceTimersByTimeAsync(599);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenNthCalledWith(
      1,
      'scheduler: refresh-market failed: provider down; next run in 1 s',
    );
    expect(JSON.stringify(log.mock.calls)).not.toContain('Bearer');
    await scheduler.stop();
  });

  it('reports a failure once, with what to do, then only a new failure or the recovery', async () => {
    vi.useFakeTimers();
    const log = vi.fn<(line: string) => void>();
    const outcomes = ['down', 'down', 'down', 'rate limited', 'ok', 'down'];
    const run = vi.fn(() => {
      const outcome = outcomes.shift() ?? 'ok';
      return outcome === 'ok' ? Promise.resolve() : Promise.reject(new Error(outcome));
    });
    const scheduler = startScheduler({
      every: 100,
      run,
      log,
      name: 'refresh-market',
      advice: 'Check the network.',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'scheduler: refresh-market failed: down; next run in 1 s. Check the network.',
      'scheduler: refresh-market failed: rate limited; next run in 2 s. Check the network.',
      'scheduler: refresh-market works again',
      'scheduler: refresh-market failed: down; next run in 1 s. Check the network.',
      'scheduler: refresh-market works again',
    ]);
    await scheduler.stop();
  });

  it('backs off x2 per failure in a row up to an hour, and back to the interval after a success', async () => {
    vi.useFakeTimers();
    const outcomes = ['fail', 'fail', 'fail', 'fail', 'ok', 'fail', 'ok'];
    const startedAt: number[] = [];
    const start = Date.now();
    const scheduler = startScheduler({
      every: 10 * MINUTE,
      log: () => undefined,
      run: () => {
        startedAt.push((Date.now() - start) / MINUTE);
        return outcomes.shift() === 'fail' ? Promise.reject(new Error('500')) : Promise.resolve();
      },
    });
    await vi.advanceTimersByTimeAsync(400 * MINUTE);
    // Waits: 20, 40, 60 (not 80: capped), 60, then 10 after the success; 20 after one failure.
    expect(startedAt.slice(0, 8)).toEqual([0, 20, 60, 120, 180, 190, 210, 220]);
    await scheduler.stop();
  });

  it('tells when the next run is planned, back-off included', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const planned: number[] = [];
    const outcomes = ['ok', 'fail'];
    const scheduler = startScheduler({
      every: 10 * MINUTE,
      log: () => undefined,
      onPlanned: (at) => planned.push((at - start) / MINUTE),
      run: () =>
        outcomes.shift() === 'fail' ? Promise.reject(new Error('500')) : Promise.resolve(),
    });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    // After the success at 0: 10 minutes later; after the failure at 10: twice the interval.
    expect(planned).toEqual([10, 30]);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(planned).toHaveLength(2);
  });

  it('never runs again sooner than a Retry-After, however short the back-off', async () => {
    vi.useFakeTimers();
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new RetryLaterError('429', 25 * MINUTE))
      .mockRejectedValueOnce(new RetryLaterError('429', MINUTE))
      .mockResolvedValue(undefined);
    const log = vi.fn();
    const scheduler = startScheduler({ every: 10 * MINUTE, run, log });
    await vi.advanceTimersByTimeAsync(25 * MINUTE - 1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenNthCalledWith(1, 'scheduler: job failed: 429; next run in 25 min');
    // A Retry-After shorter than the back-off (40 min after 2 failures): the back-off wins.
    await vi.advanceTimersByTimeAsync(40 * MINUTE - 1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(run).toHaveBeenCalledTimes(4);
    await scheduler.stop();
  });

  it('waits out a Retry-After longer than one timer can hold', async () => {
    vi.useFakeTimers();
    const thirtyDays = 30 * 24 * 60 * MINUTE;
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new RetryLaterError('quota', thirtyDays))
      .mockResolvedValue(undefined);
    const scheduler = startScheduler({ every: MINUTE, run, log: () => undefined });
    await vi.advanceTimersByTimeAsync(thirtyDays - 1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });

  it('runs on an injected clock', async () => {
    let now = 0;
    const timers: { at: number; callback: () => void }[] = [];
    const clock: SchedulerClock = {
      now: () => now,
      setTimeout(callback, ms) {
        const timer = { at: now + ms, callback };
        timers.push(timer);
        return timer;
      },
      clearTimeout(handle) {
        timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1);
      },
    };
    /** Moves the clock on to the next timer and fires it. */
    const fireNext = async (): Promise<void> => {
      await settle();
      const timer = timers.shift();
      if (timer === undefined) throw new Error('no timer planned');
      now = timer.at;
      timer.callback();
      await settle();
    };
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(undefined);
    const scheduler = startScheduler({ every: 1000, run, clock, log: () => undefined });
    await fireNext();
    expect([run.mock.calls.length, now]).toEqual([2, 2000]);
    await fireNext();
    expect([run.mock.calls.length, now]).toEqual([3, 3000]);
    await settle();
    await scheduler.stop();
    expect(timers).toEqual([]);
  });

  it('computes the wait: interval, x2 per failure, capped at an hour unless the interval is longer', () => {
    expect(nextDelay(10 * MINUTE, 0)).toBe(10 * MINUTE);
    expect(nextDelay(10 * MINUTE, 1)).toBe(20 * MINUTE);
    expect(nextDelay(10 * MINUTE, 3)).toBe(MAX_BACKOFF_MS);
    expect(nextDelay(10 * MINUTE, 60)).toBe(MAX_BACKOFF_MS);
    expect(nextDelay(120 * MINUTE, 2)).toBe(120 * MINUTE);
    expect(nextDelay(10 * MINUTE, 1, 90 * MINUTE)).toBe(90 * MINUTE);
  });

  it('turns a function answer with Retry-After into a RetryLaterError', async () => {
    const answers = [
      new Response('{"error":"provider_rate_limited","retry_after_seconds":120}', {
        status: 503,
        headers: { 'retry-after': '120' },
      }),
      new Response('{"error":"provider_unavailable"}', { status: 502 }),
      new Response('{"updated":1}', { status: 200 }),
    ];
    const seen: Request[] = [];
    const job = functionJob(
      (request) => {
        seen.push(request);
        const answer = answers.shift();
        return answer === undefined
          ? Promise.reject(new Error('no answer'))
          : Promise.resolve(answer);
      },
      'refresh-market',
      () => 'http://127.0.0.1:1',
      'service-key',
    );
    const limited = await job().catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RetryLaterError);
    expect(limited).toMatchObject({
      retryAfterMs: 120_000,
      message: expect.stringContaining('refresh-market answered 503') as string,
    });
    const failed = await job().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(RetryLaterError);
    await expect(job()).resolves.toBeUndefined();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer service-key');
    expect(seen[0]?.url).toBe('http://127.0.0.1:1/functions/v1/refresh-market');
  });

  it('reports a provider that keeps rate-limiting once, whatever seconds each answer asks for', async () => {
    vi.useFakeTimers();
    const log = vi.fn<(line: string) => void>();
    const job = functionJob(
      () => {
        const seconds = 60 + Math.floor(Date.now() / 1000);
        return Promise.resolve(
          new Response(`{"error":"provider_rate_limited","retry_after_seconds":${seconds}}`, {
            status: 503,
            headers: { 'retry-after': '60' },
          }),
        );
      },
      'refresh-market',
      () => 'http://127.0.0.1:1',
      'service-key',
    );
    const run = vi.fn(job);
    const scheduler = startScheduler({ every: MINUTE, run, log, name: 'refresh-market' });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(run.mock.calls.length).toBeGreaterThan(2);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('refresh-market answered 503');
    await scheduler.stop();
  });

  it('is disabled by 0 and reads MARKET_REFRESH_MINUTES (default 10)', async () => {
    const run = vi.fn(() => Promise.resolve());
    await startScheduler({ every: 0, run }).stop();
    expect(run).not.toHaveBeenCalled();
    expect(marketRefreshInterval({})).toBe(600_000);
    expect(marketRefreshInterval({ MARKET_REFRESH_MINUTES: ' ' })).toBe(600_000);
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
