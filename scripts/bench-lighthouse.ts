/**
 * `npm run bench:lighthouse` (and the end of `npm run bench`): Lighthouse's scores for the
 * production build, in Debian's Chromium. Prints figures and each failed audit; asserts nothing
 * (timing goals never live in tests).
 *
 * `scripts/benchApp.ts` starts the bench's own stack with the fake market provider, builds the
 * production bundle for it and serves it on :4174, as for `npm run bench`. Lighthouse runs with
 * its default configuration, the mobile preset (a phone's screen, simulated slow 4G and a CPU
 * 4 times slower), on `/`, `/dictionary`, a term, `/tokens`, a sheet, `/tools` and `/learning`,
 * in the app's default language (French: nothing is stored that would change it).
 *
 * Aims: performance at least 95, accessibility, best practices and SEO 100; cumulative layout
 * shift at most 0.05. The largest contentful paint is printed beside them.
 *
 * Lighthouse's error reporting (Sentry) stays off: only its command line starts it, and only
 * after asking; the Node API used here never does, and no flag here turns it on. Nor does the
 * Node API keep settings (the command line's `configstore` file): Chromium's profile is a
 * temporary folder that chrome-launcher makes and removes, and no report is written to disk.
 */
import { availableParallelism, loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { startBenchApp } from './benchApp.ts';

const URLS = [
  '/',
  '/dictionary',
  '/dictionary/blockchain',
  '/tokens',
  '/tokens/bitcoin',
  '/tools',
  '/learning',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Score modes that are neither a pass nor a failure. */
const UNSCORED = new Set(['informative', 'notApplicable', 'manual']);

interface RouteResult {
  readonly url: string;
  readonly lhr: Result;
}

const score = (lhr: Result, category: string): string => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? '–' : String(Math.round(value * 100));
};

/** The elements a failed audit names (accessibility, best practices and SEO), at most three. */
function elementsOf(audit: Result['audits'][string]): string[] {
  if (audit.details?.type !== 'table') return [];
  return audit.details.items
    .flatMap((item) => {
      const node = item['node'];
      return typeof node === 'object' && node.type === 'node' && node.selector
        ? [node.selector]
        : [];
    })
    .slice(0, 3);
}

/** The last minute's load average. */
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

const app = await startBenchApp();
const results: RouteResult[] = [];
const loadBefore = load();
try {
  console.log('Running Lighthouse (mobile preset) on each route…');
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    };
    for (const url of URLS) {
      const run = await lighthouse(`${app.origin}${url}`, flags);
      if (!run) throw new Error(`Lighthouse gave no result for ${url}.`);
      results.push({ url, lhr: run.lhr });
    }
  } finally {
    chrome.kill();
  }
} finally {
  app.stop();
}

const first = results[0]?.lhr;
console.log(
  `\nLighthouse ${first?.lighthouseVersion ?? ''}, mobile preset (simulated throttling), ` +
    `${first?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
    `${app.origin} in French (the app's default).`,
);
// Simulated throttling scales the main-thread time it observes: a busy machine lowers the
// performance scores. Lighthouse's own CPU measure, and the load, tell how busy it was.
console.log(
  `CPU benchmark index per route: ${results
    .map(({ lhr }) => String(Math.round(lhr.environment.benchmarkIndex)))
    .join(', ')}; load average ${loadBefore} before, ${load()} after, ` +
    `on ${String(availableParallelism())} cores.`,
);
const row = (cells: readonly string[]) =>
  `  ${(cells[0] ?? '').padEnd(24)}${cells
    .slice(1)
    .map((cell) => cell.padStart(10))
    .join('')}`.trimEnd();
console.log(row(['route', 'perform.', 'access.', 'best pr.', 'SEO', 'CLS', 'LCP']));
console.log(row(['aim', '≥ 95', '100', '100', '100', '≤ 0.05']));
for (const { url, lhr } of results) {
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  console.log(
    row([
      url,
      ...CATEGORIES.map((category) => score(lhr, category)),
      cls === undefined ? '–' : cls.toFixed(3),
      lcp === undefined ? '–' : `${(lcp / 1000).toFixed(1)} s`,
    ]),
  );
}

console.log('\nFailed audits (score under 1):');
for (const { url, lhr } of results) {
  const lines: string[] = [];
  if (lhr.runtimeError) lines.push(`    runtime error: ${lhr.runtimeError.message}`);
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(ref.id) || UNSCORED.has(audit.scoreDisplayMode)) continue;
      seen.add(ref.id);
      if (audit.scoreDisplayMode === 'error') {
        lines.push(`    ${category}: ${audit.title} (error: ${audit.errorMessage ?? 'unknown'})`);
      } else if (audit.score !== null && audit.score < 1) {
        lines.push(
          `    ${category}: ${audit.title}` +
            (audit.displayValue ? ` (${audit.displayValue})` : '') +
            ` [${ref.id}, score ${audit.score.toFixed(2)}]`,
        );
        if (category !== 'performance') {
          for (const element of elementsOf(audit)) lines.push(`      at ${element}`);
        }
      }
    }
  }
  for (const warning of lhr.runWarnings) lines.push(`    warning: ${warning}`);
  console.log(`  ${url}:${lines.length === 0 ? ' none' : ''}`);
  for (const line of lines) console.log(line);
}
