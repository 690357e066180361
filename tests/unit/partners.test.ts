import { describe, expect, it } from 'vitest';
import manifest from '../../package.json';
import { checkExternalUrl } from '../../shared/validation';
import { LANGUAGES } from '../../renderer/i18n/languages';
import {
  OPEN_SOURCE_GROUPS,
  PROJECT_LICENSE,
} from '../../renderer/features/partners/openSourceProjects';
import type partners from '../../renderer/i18n/locales/fr/partners.json';
import type tokens from '../../renderer/i18n/locales/fr/tokens.json';

// The partners page credits what the product is really built with: every package it names is a
// dependency, and the licence it shows is the one the installed package declares. Loaded lazily,
// so only the manifests of the listed packages are read.
const installed = import.meta.glob<{ name?: string; license?: unknown }>(
  ['../../node_modules/*/package.json', '../../node_modules/@*/*/package.json'],
  { import: 'default' },
);

const locales = import.meta.glob<unknown>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const declared: Record<string, string> = {
  ...manifest.dependencies,
  ...manifest.devDependencies,
};
const projects = OPEN_SOURCE_GROUPS.flatMap((group) => group.projects);

describe('the open-source projects on the partners page', () => {
  it.each(projects.flatMap((project) => project.packages.map((pkg) => [pkg, project] as const)))(
    '%s is a dependency and its licence is the installed one',
    async (pkg, project) => {
      expect(declared[pkg], `${pkg} in package.json`).toBeDefined();
      const load = installed[`../../node_modules/${pkg}/package.json`];
      expect(load, `node_modules/${pkg}/package.json`).toBeDefined();
      const installedManifest = await load?.();
      expect(installedManifest?.name).toBe(pkg);
      expect(installedManifest?.license, `${pkg} licence`).toBe(project.license);
    },
  );

  it('names each project and each package once, with a link the platform will open', () => {
    const keys = projects.map((project) => project.key);
    const packages = projects.flatMap((project) => project.packages);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(packages).size).toBe(packages.length);
    for (const project of projects) {
      expect(project.url, project.name).toMatch(/^https:\/\//);
      expect(checkExternalUrl(project.url).ok, project.url).toBe(true);
    }
  });

  it('gives every group at least one project and every project a role in each language', () => {
    for (const group of OPEN_SOURCE_GROUPS) expect(group.projects.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const texts = locales[`../../renderer/i18n/locales/${language}/partners.json`] as
        typeof partners | undefined;
      expect(texts, language).toBeDefined();
      // Nothing described on the page that the list does not show, nor the reverse.
      expect(Object.keys(texts?.projects ?? {}).sort()).toEqual(
        projects.map((project) => project.key).sort(),
      );
      expect(Object.keys(texts?.openSource.groups ?? {})).toEqual(
        OPEN_SOURCE_GROUPS.map((group) => group.key),
      );
    }
  });

  it('states the licence package.json declares', () => {
    expect(manifest.license).toBe(PROJECT_LICENSE);
  });

  it('credits the market data in the words the token pages use', () => {
    for (const language of LANGUAGES) {
      const page = locales[`../../renderer/i18n/locales/${language}/partners.json`] as
        typeof partners | undefined;
      const sheets = locales[`../../renderer/i18n/locales/${language}/tokens.json`] as
        typeof tokens | undefined;
      expect(page?.market.attribution, language).toBe(sheets?.market.attribution);
    }
  });
});
