import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

import { LANGUAGES, type Language } from '../../shared/catalog.ts';

export { LANGUAGES, type Language };

type Tree = { [key: string]: string | Tree };

const localesDir = join(import.meta.dirname, '../../renderer/i18n/locales');

// Tests ask for thousands of texts: each namespace file is read and parsed once per worker.
const namespaces = new Map<string, Tree>();

/** The real translated text at `path` (e.g. 'nav.home') in a namespace file. */
export function text(language: Language, namespace: string, path: string): string {
  const file = join(localesDir, language, `${namespace}.json`);
  let tree = namespaces.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
    namespaces.set(file, tree);
  }
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No text ${language}/${namespace}:${path}`);
  return node;
}

/** A translated text with its {{placeholders}} filled in. */
export function say(
  language: Language,
  namespace: string,
  path: string,
  values: Record<string, string | number> = {},
): string {
  return text(language, namespace, path).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name]),
  );
}

/** Stored preferences, as the storage adapter writes them, before the app starts. */
export async function usePreferences(
  page: Page,
  preferences: { language?: Language; theme?: 'light' | 'dark' | 'system' },
): Promise<void> {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('preferences-seeded')) return;
    sessionStorage.setItem('preferences-seeded', '1');
    if (stored.language) localStorage.setItem('language', stored.language);
    if (stored.theme) localStorage.setItem('theme', stored.theme);
  }, preferences);
}

/** Every console error and uncaught exception of the page, for a test to assert none happened. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url } = message.location();
      problems.push(`console: ${message.text()}${url ? ` (${url})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Opens a URL and waits until the app has drawn the page (its one h1). */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // A public page first shows its copy written at build; the app takes its place once it has
  // drawn the page (docs/prerendering.md), after its tries when the backend does not answer.
  // Checked in the page at every frame: Playwright's assertions look again only every 500 ms
  // after their first 0.3 s, and the app takes 0.4 to 1 s to draw, so each page opened waited a
  // quarter of a second for nothing (five specs: 77 s of tests against 66 s).
  const drawn = () =>
    document.getElementById('prerendered') === null &&
    [...document.querySelectorAll('h1')].some((heading) => heading.checkVisibility());
  await page
    .waitForFunction(drawn, undefined, { polling: 'raf', timeout: 20_000 })
    .catch((error: unknown) => {
      throw new Error(`The app did not draw ${url} (no h1 of its own) within 20 s`, {
        cause: error,
      });
    });
}

interface ContentTerm {
  slug: string;
  category: string;
  related: string[];
  translations: Record<Language, { title: string; short_definition: string; example?: string }>;
}

/** A dictionary term as content/ holds it: the stack's seed loads the same file. */
export function contentTerm(slug: string): ContentTerm {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '../../content/terms', `${slug}.json`), 'utf8'),
  ) as ContentTerm;
}

/** Fails the test with the list of axe violations (WCAG 2.1 A and AA) on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A page without frames is checked by one axe run in the page itself. Across frames, axe
  // also opens a blank page, loads itself there again and merges each frame's results there:
  // that doubled each check of a frameless page (the token list: 4.9-5.8 s against 2.1-2.5 s).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(violations).toEqual([]);
}
