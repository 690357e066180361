// Draws the desktop app's icon, build/icon.png (1024 × 1024, transparent corners): the site's
// favicon (renderer/public/favicon.svg) drawn large. electron-builder makes the macOS .icns and the
// Windows .ico from this one PNG, and the Linux packages use it as it is.
//   npm run icon:desktop
// The output is committed; tests/electron/builder-config.test.ts checks its size.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const APP_ICON_SIZE = 1024;
const root = path.resolve(import.meta.dirname, '..');
const source = await readFile(path.join(root, 'renderer/public/favicon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({
    viewport: { width: APP_ICON_SIZE, height: APP_ICON_SIZE },
  });
  const sized = source.replace('<svg ', `<svg width="${APP_ICON_SIZE}" height="${APP_ICON_SIZE}" `);
  await page.setContent(`<body style="margin:0">${sized}</body>`);
  const output = path.join(root, 'build/icon.png');
  await page.locator('svg').screenshot({ path: output, omitBackground: true });
  console.log(`${path.relative(process.cwd(), output)}: ${APP_ICON_SIZE} × ${APP_ICON_SIZE}`);
} finally {
  await browser.close();
}
