import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from '../../scripts/catalogue.ts';
import { robotsTxt, sitemapPages, sitemapXml, sitemapXsl } from '../../scripts/sitemap.ts';

// What the build writes for crawlers (scripts/sitemap.ts), from the real content/.

const contentDir = path.resolve(import.meta.dirname, '../../content');
const countIn = (folder: string) =>
  readdirSync(path.join(contentDir, folder)).filter((name) => name.endsWith('.json')).length;

describe('the sitemap', () => {
  let paths: string[];
  beforeAll(async () => {
    paths = sitemapPages(await readCatalogue(undefined, contentDir)).map((page) => page.path);
  });

  it('lists every public page, each term, sheet and module, and nobody’s own page', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/dictionary', '/tokens', '/tools', '/learning', '/faq']),
    );
    expect(paths.filter((p) => p.startsWith('/dictionary/'))).toHaveLength(countIn('terms'));
    expect(paths.filter((p) => p.startsWith('/tokens/'))).toHaveLength(countIn('tokens'));
    expect(paths.filter((p) => p.startsWith('/learning/'))).toHaveLength(
      readdirSync(path.join(contentDir, 'learning')).length,
    );
    for (const personal of ['/auth', '/profile', '/favorites', '/reset-password', '/admin']) {
      expect(paths, personal).not.toContain(personal);
    }
    expect(paths.some((p) => p.startsWith('/admin'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives each page an address per language, the others as alternates, and its review date', () => {
    const xml = sitemapXml(
      [{ path: '/tokens/bitcoin', lastmod: '2026-11-22' }, { path: '/faq' }],
      'https://blockademia.example',
    );
    expect(xml.match(/<url>/g)).toHaveLength(6);
    expect(xml).toContain('<loc>https://blockademia.example/tokens/bitcoin?lang=en</loc>');
    expect(xml.match(/<lastmod>2026-11-22<\/lastmod>/g)).toHaveLength(3);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://blockademia.example/faq"/>',
    );
    expect(xml.match(/hreflang="es"/g)).toHaveLength(6);
  });

  it('points robots.txt to it, and shows it to people in the three languages', () => {
    expect(robotsTxt('https://blockademia.example')).toContain(
      'Sitemap: https://blockademia.example/sitemap.xml',
    );
    const xsl = sitemapXsl([
      { language: 'fr', title: 'Plan du site', intro: 'Toutes les pages & plus' },
      { language: 'en', title: 'Site map', intro: 'Every page' },
    ]);
    expect(xsl).toContain('Blockademia · Plan du site · Site map');
    expect(xsl).toContain('<p lang="fr">Toutes les pages &amp; plus</p>');
  });
});
