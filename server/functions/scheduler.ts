// Runs a job at start and then every `every` ms, one run at a time: the next run is planned
// only when the previous one has finished. Failures are logged (message only) and retried on
// the next tick; they never stop the scheduler.

export interface SchedulerOptions {
  /** Milliseconds between the end of one run and the start of the next; 0 or less disables. */
  every: number;
  run: () => Promise<void>;
  /** For the log lines. */
  name?: string;
  log?: (line: string) => void;
}

export interface Scheduler {
  /** Cancels the next run and waits for a run in progress to end. */
  stop(): Promise<void>;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { every, run, name = 'job', log = console.error } = options;
  if (!(every > 0)) return { stop: () => Promise.resolve() };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | undefined;

  const tick = (): void => {
    timer = undefined;
    current = (async () => {
      try {
        await run();
      } catch (error) {
        // Never the stack or the error object: they may carry request headers or keys.
        log(`scheduler: ${name} failed: ${error instanceof Error ? error.message : 'error'}`);
      }
    })().finally(() => {
      current = undefined;
      if (!stopped) {
        timer = setTimeout(tick, every);
        timer.unref();
      }
    });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
