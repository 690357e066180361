import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { contentIndexPlugin } from './scripts/contentIndexPlugin.ts';
import { LongFilesFirst } from './tests/longFilesFirst.ts';

// A file that replaces a module (vi.mock) needs the module graph to itself: in a shared one the
// real module may already be loaded by an earlier file. Those files run isolated, in `unit-mocked`.
const unitTests = 'tests/unit/**/*.test.{ts,tsx}';
const mockingUnitTests = globSync(unitTests, { cwd: import.meta.dirname }).filter((file) =>
  readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock('),
);

const unitSettings = { environment: 'jsdom' as const, setupFiles: ['tests/unit/setup.ts'] };

// `unit` runs renderer and shared logic in a DOM (jsdom); `server` runs the database and the local
// stack in Node; `electron` runs the main process code in Node with the `electron` module mocked,
// because no Electron binary exists here.
export default defineConfig({
  // Renderer modules import the dictionary's titles and the catalogue's counts from content/.
  plugins: [contentIndexPlugin(path.join(import.meta.dirname, 'content'))],
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // Inherit the root plugins (the content index).
        extends: true,
        test: {
          ...unitSettings,
          name: 'unit',
          include: [unitTests],
          exclude: mockingUnitTests,
          // One DOM and one module graph per worker, not per file: 84 s became 15 s here, most
          // of it jsdom's set-up. tests/unit/setup.ts empties the DOM and storage after each test.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...unitSettings, name: 'unit-mocked', include: mockingUnitTests },
      },
      {
        test: {
          // The database and, later, the whole local stack, on PGlite and on a real Postgres.
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Migrates once for the run; each file's database is a copy.
          globalSetup: ['tests/server/globalSetup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          // Much of a server test waits on Postgres, bcrypt or a child process rather than on
          // this process: three files at once on two cores took 197 s where one took 295 s.
          maxWorkers: 3,
          // A worker runs file after file in one process rather than a new process per file:
          // PGlite's WebAssembly and the modules load once per worker, not 64 times. That took
          // the suite from 420 s to 255 s on a slow day here. Each file still gets a database
          // of its own; shared helpers must not register hooks at module level (cliStack.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'electron',
          include: ['tests/electron/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
