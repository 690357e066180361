import { defineConfig } from '@playwright/test';
import {
  APP_URL,
  CONTROL_URL,
  E2E_BUILD_DIR,
  E2E_KEYS,
  E2E_PORTS,
  STACK_URL,
} from './tests/e2e/environment.ts';

// Debian's Chromium: Playwright's own browser download is impossible without internet. Its
// headless shell (the same Blink and V8 without the desktop browser's compositor and GPU
// process) is what Playwright itself runs headless: the suite takes a fifth less time with it.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

const outDir = ` --outDir ${E2E_BUILD_DIR}`;

// Chromium's offline emulation does not reach a service worker's own requests; with this,
// Playwright routes them like the page's, so tests/e2e/offline.spec.ts can cut them too.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

// At 1440px the suite reads pages as a visitor who asks for less motion: the animated
// background holds still instead of drawing every frame on the two cores the tests share
// (docs/testing.md gives the time it saves). The 375px projects keep the motion a phone shows.
const desktop = { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' as const };
const mobile = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
const ADMIN_SPECS = /\/admin-[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: APP_URL,
    launchOptions: chromium,
    trace: 'off',
    // The offline service worker would answer the page's requests itself, out of reach of the
    // specs that mock the backend; only the offline spec lets it in.
    serviceWorkers: 'block',
  },
  // The admin specs change the catalogue (they create, publish and delete terms and sheets):
  // they run once every other spec is done, so the public pages' counts hold while those run.
  projects: [
    {
      name: 'desktop',
      use: desktop,
      testIgnore: [/\.mobile\.spec\.ts$/, ADMIN_SPECS],
    },
    {
      name: 'mobile',
      use: mobile,
      testMatch: /\.(mobile|both)\.spec\.ts$/,
      testIgnore: ADMIN_SPECS,
    },
    {
      name: 'admin-desktop',
      use: desktop,
      testMatch: ADMIN_SPECS,
      testIgnore: /\.mobile\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
    },
    {
      name: 'admin-mobile',
      use: mobile,
      testMatch: /admin-.*\.(mobile|both)\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
    },
  ],
  // The product as a visitor gets it, against a real local stack of its own: never one left
  // running by `npm start`, so nothing is reused.
  webServer: [
    {
      command: 'node tests/e2e/stack.ts',
      url: `${CONTROL_URL}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The production build, made for this stack's URL and key.
      command: `node node_modules/vite/bin/vite.js build${outDir} && node node_modules/vite/bin/vite.js preview${outDir} --port ${E2E_PORTS.app} --strictPort`,
      url: APP_URL,
      reuseExistingServer: false,
      timeout: 240_000,
      env: { VITE_SUPABASE_URL: STACK_URL, VITE_SUPABASE_ANON_KEY: E2E_KEYS.anonKey },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
