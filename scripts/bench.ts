/**
 * `npm run bench`: what a visitor pays, measured in Debian's Chromium against the production
 * build. Prints figures; asserts nothing (timing goals never live in tests).
 *
 * 1. The gzip size of the JavaScript a first visit to `/` downloads (aim: at most 150 KB).
 * 2. For each route, the JavaScript a visit adds after `/` (the route's own chunks).
 * 3. The main-thread time per frame while the animated background runs (aim: at most 2 ms).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { ROUTES, concreteUrl } from '../renderer/app/routeTable.ts';

const root = join(import.meta.dirname, '..');
const port = 4174;
const origin = `http://127.0.0.1:${String(port)}`;

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(root, 'dist', file))).length / 1024;
}

/** Collects the JavaScript files the page fetches from now on. */
function recordScripts(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) files.add(path.slice(1));
  });
  return files;
}

const sum = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipKb(file), 0);

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(origin);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('The preview server did not start.');
}

console.log('Building the production bundle…');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
  cwd: root,
  stdio: 'ignore',
  detached: true,
});
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

  // 1. First visit to `/`.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const firstVisit = recordScripts(page);
  await page.goto(origin);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  console.log(
    `\nFirst visit to / : ${sum(firstVisit).toFixed(1)} KB of JavaScript (gzip), ${String(firstVisit.size)} files (aim: ≤ 150 KB)`,
  );

  // 2. What each route adds after `/`.
  console.log('\nJavaScript each route adds after / (gzip):');
  for (const route of ROUTES) {
    const routePage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await routePage.goto(origin);
    await routePage.getByRole('heading', { level: 1 }).waitFor();
    await routePage.waitForLoadState('networkidle');
    const added = recordScripts(routePage);
    const url = concreteUrl(route);
    await routePage.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    // Every page names the tab after itself once its code and texts are in.
    if (url !== '/') await routePage.waitForFunction(() => document.title !== 'Blockademia');
    await routePage.waitForLoadState('networkidle');
    console.log(`  ${url.padEnd(34)} ${sum(added).toFixed(1).padStart(6)} KB`);
    await routePage.close();
  }

  // 3. The background's cost per frame, from Chromium's own task accounting.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  };
  await page.evaluate(() => {
    const counter = { frames: 0 };
    (window as unknown as { benchFrames: typeof counter }).benchFrames = counter;
    const tick = () => {
      counter.frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const before = await taskSeconds();
  const framesBefore = await page.evaluate(
    () => (window as unknown as { benchFrames: { frames: number } }).benchFrames.frames,
  );
  await page.waitForTimeout(5000);
  const after = await taskSeconds();
  const framesAfter = await page.evaluate(
    () => (window as unknown as { benchFrames: { frames: number } }).benchFrames.frames,
  );
  const frames = framesAfter - framesBefore;
  const canvas = await page
    .locator('canvas')
    .evaluate((element: HTMLCanvasElement) => `${String(element.width)}x${String(element.height)}`);
  console.log(
    `\nBackground at 1440x900 (canvas ${canvas}): ${String(frames)} frames in 5 s, ` +
      `${(((after - before) * 1000) / Math.max(frames, 1)).toFixed(2)} ms of main-thread time per frame (all tasks; aim: ≤ 2 ms)`,
  );
  await browser.close();
} finally {
  if (server.pid) process.kill(-server.pid);
}
