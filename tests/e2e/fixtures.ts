import { test as base, expect } from '@playwright/test';
import { watchConsole } from './support';

/**
 * What the page reported to its console (errors and uncaught exceptions). Every test that uses
 * this file's `test` ends with none left, so a failing request or a React warning fails it.
 */
export interface ConsoleWatch {
  /** Forgets the reports of requests the test makes fail on purpose (a wrong password…). */
  expectFailedRequests(path: string): void;
  /** Forgets every report so far: the test provoked them (e.g. it cut the network). */
  forgetAll(): void;
}

export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  consoleWatch: [
    async ({ page }, use) => {
      const problems = watchConsole(page);
      const keepOnly = (keep: (problem: string) => boolean) => {
        problems.splice(0, problems.length, ...problems.filter(keep));
      };
      await use({
        expectFailedRequests: (path) => {
          keepOnly((problem) => !problem.includes(path));
        },
        forgetAll: () => {
          keepOnly(() => false);
        },
      });
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
