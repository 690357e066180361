// Runs a job at start and then every `every` ms, one run at a time: the next run is planned
// only when the previous one has finished. Failures are logged (message only) once each, with
// what to do, until they change or the job works again, and never stop the scheduler; each
// failure in a row doubles the wait (up to an hour, and never less than the interval), so a
// provider that is down or rate-limiting is not hammered; a job that knows how long to wait (a
// Retry-After) throws RetryLaterError and is not run again sooner.

/** What the scheduler needs of time; tests pass a fake one. */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SchedulerOptions {
  /** Milliseconds between the end of one run and the start of the next; 0 or less disables. */
  every: number;
  run: () => Promise<void>;
  /** For the log lines. */
  name?: string;
  log?: (line: string) => void;
  /** What the reader can do about a failure, told with its first report. */
  advice?: string;
  /** Default: the global timers, unref'd so that they never keep the process alive. */
  clock?: SchedulerClock;
  /** Told when the next run is planned (epoch ms), after each run: the dashboard shows it. */
  onPlanned?: (at: number) => void;
}

export interface Scheduler {
  /** Cancels the next run and waits for a run in progress to end. */
  stop(): Promise<void>;
}

/**
 * A failure that says which kind it is: two failures of one kind are the same problem for the
 * log even when their messages differ in a detail (a Retry-After's seconds, say).
 */
export class JobError extends Error {
  override name = 'JobError';
  readonly kind: string;
  constructor(message: string, kind: string = message) {
    super(message);
    this.kind = kind;
  }
}

/** A failure after which the job must not run again for at least `retryAfterMs`. */
export class RetryLaterError extends JobError {
  override name = 'RetryLaterError';
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number, kind: string = message) {
    super(message, kind);
    this.retryAfterMs = retryAfterMs;
  }
}

/** The longest back-off; an interval longer than this is kept as it is. */
export const MAX_BACKOFF_MS = 60 * 60_000;
/** setTimeout's largest delay: a longer wait is made of several timers. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The wait before the next run after `failures` failures in a row (0 after a success), at
 * least `retryAfterMs` when the last failure asked for it.
 */
export function nextDelay(every: number, failures: number, retryAfterMs = 0): number {
  const backoff =
    failures === 0 ? every : Math.min(every * 2 ** failures, Math.max(every, MAX_BACKOFF_MS));
  return Math.max(backoff, retryAfterMs);
}

const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

function describeDelay(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const {
    every,
    run,
    name = 'job',
    log = console.error,
    clock = systemClock,
    onPlanned,
    advice,
  } = options;
  if (!(every > 0)) return { stop: () => Promise.resolve() };
  let stopped = false;
  let timer: unknown;
  let current: Promise<void> | undefined;
  let failures = 0;
  /** The kind of failure last reported: the same again is not repeated every few minutes. */
  let reported: string | undefined;

  const waitUntil = (at: number): void => {
    const remaining = at - clock.now();
    if (remaining <= 0) {
      timer = undefined;
      tick();
      return;
    }
    timer = clock.setTimeout(
      () => {
        waitUntil(at);
      },
      Math.min(remaining, MAX_TIMER_MS),
    );
  };

  const tick = (): void => {
    let retryAfterMs = 0;
    current = (async () => {
      try {
        await run();
        failures = 0;
        if (reported !== undefined) log(`scheduler: ${name} works again`);
        reported = undefined;
      } catch (error) {
        failures += 1;
        if (error instanceof RetryLaterError && Number.isFinite(error.retryAfterMs)) {
          retryAfterMs = error.retryAfterMs;
        }
        const delay = nextDelay(every, failures, retryAfterMs);
        // Never the stack or the error object: they may carry request headers or keys.
        const message = error instanceof Error ? error.message : 'error';
        const kind = error instanceof JobError ? error.kind : message;
        if (kind !== reported) {
          const line = `scheduler: ${name} failed: ${message}; next run in ${describeDelay(delay)}`;
          log(advice === undefined ? line : `${line}. ${advice}`);
          reported = kind;
        }
      }
    })().finally(() => {
      current = undefined;
      if (stopped) return;
      const at = clock.now() + nextDelay(every, failures, retryAfterMs);
      onPlanned?.(at);
      waitUntil(at);
    });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
