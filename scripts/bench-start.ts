/**
 * `npm run bench` (last part): how long `npm start` takes until the web app answers, on a new
 * data folder with no earlier build, then once more on the same folder (aim for the restart:
 * at most 5 s on a quiet machine). Prints figures; asserts nothing.
 *
 * It runs the real `node scripts/start.ts` with its own data folder and stack port; the web app
 * is served on :4173 as always, which must be free.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const appUrl = 'http://127.0.0.1:4173';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Starts `npm start`'s script, waits for the app to answer, stops it: the seconds it took. */
async function timedStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, STACK_PORT: '54391', LOG_LEVEL: 'error' },
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`npm start stopped before the app answered (exit code ${String(code)}).`));
    });
  });
  try {
    for (;;) {
      if (await answers(appUrl)) break;
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    return (performance.now() - started) / 1000;
  } finally {
    if (child.pid !== undefined && child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGINT');
      await gone;
    }
  }
}

if (await answers(appUrl)) {
  console.log(`\nnpm start: skipped, something already answers at ${appUrl}.`);
} else {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-bench-start-'));
  try {
    await rm(path.join(root, 'node_modules/.cache/blockademia'), { recursive: true, force: true });
    const first = await timedStart(dataDir);
    const again = await timedStart(dataDir);
    console.log(
      `\nnpm start until the app answers: ${first.toFixed(1)} s the first time (new data folder, ` +
        `a build), ${again.toFixed(1)} s the next (aim: ≤ 5 s)`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
