import path from 'node:path';
import type { TFunction } from 'i18next';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  catalogueDigest,
  catalogueFromBackend,
  readCatalogue,
  type Catalogue,
  type CatalogueBackend,
} from '../../scripts/catalogue.ts';
import { loadTranslations, prerenderedPages } from '../../scripts/prerenderPages.ts';
import { sitemapPages } from '../../scripts/sitemap.ts';
import { seedFromContent } from '../../server/seed/load.ts';
import { LANGUAGES, type Language } from '../../shared/catalog.ts';
import { describeOnEachDatabase } from './databases.ts';
import { startStack, type TestStack } from './stack.ts';

// The build writes its pages for crawlers from the database when it names a backend
// (scripts/catalogue.ts): read through the stack's REST API with the anon key, the catalogue
// the seed put there gives the same pages as content/ itself, and an admin's edit shows.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const contentDir = path.join(repoRoot, 'content');
const values = { email: 'contact@blockademia.example', license: 'MIT' };
const translations = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    loadTranslations(path.join(repoRoot, 'renderer/i18n/locales'), language),
  ]),
) as Record<Language, TFunction>;

const pagesOf = (catalogue: Catalogue, language: Language) =>
  prerenderedPages(
    sitemapPages(catalogue).map((page) => page.path),
    catalogue,
    language,
    translations[language],
    values,
  );

describeOnEachDatabase('the catalogue of the build, read from the database', ({ db }) => {
  let stack: TestStack;
  let backend: CatalogueBackend;
  let fromContent: Catalogue;

  beforeAll(async () => {
    await seedFromContent(db(), contentDir);
    stack = await startStack(db());
    backend = { url: stack.url, anonKey: stack.anonKey };
    fromContent = await readCatalogue(undefined, contentDir);
  });
  afterAll(async () => {
    await stack.close();
  });

  it('gives the same sitemap and the same written pages as content/, in each language', async () => {
    const fromDatabase = await readCatalogue(backend, contentDir);
    expect(fromDatabase.terms).toHaveLength(fromContent.terms.length);
    expect(fromDatabase.tokens).toHaveLength(fromContent.tokens.length);
    expect(fromDatabase.modules).toHaveLength(fromContent.modules.length);
    expect(sitemapPages(fromDatabase)).toEqual(sitemapPages(fromContent));
    for (const language of LANGUAGES) {
      expect(pagesOf(fromDatabase, language)).toEqual(pagesOf(fromContent, language));
    }
  });

  it("writes an admin's edit at the next build, and its digest tells npm start to build", async () => {
    const before = await catalogueFromBackend(backend);
    await db().query(
      `update public.term_translations set title = 'Portefeuille numérique'
       where language = 'fr' and term_id = (select id from public.terms where slug = 'crypto-wallet')`,
    );
    const after = await catalogueFromBackend(backend);
    expect(catalogueDigest(after)).not.toBe(catalogueDigest(before));
    const pages = new Map(pagesOf(after, 'fr').map((page) => [page.path, page]));
    expect(pages.get('/dictionary/crypto-wallet')?.title).toBe('Portefeuille numérique');
    expect(pages.get('/dictionary')?.main).toContain(
      '<a href="/dictionary/crypto-wallet?lang=fr">Portefeuille numérique</a>',
    );
    // The same catalogue read twice has the same digest: a restart without edits builds nothing.
    expect(catalogueDigest(await catalogueFromBackend(backend))).toBe(catalogueDigest(after));
  });

  it('leaves out of the written pages an entry not yet written in all three languages', async () => {
    await db().exec(
      `insert into public.terms (slug, category, related_slugs) values ('half-done', 'technology', '{}');
       insert into public.term_translations (term_id, language, title, short_definition, body)
         select id, 'fr', 'À moitié', 'Une définition.', 'Un texte.' from public.terms
         where slug = 'half-done'`,
    );
    const catalogue = await catalogueFromBackend(backend);
    expect(catalogue.terms.map((term) => term.slug)).not.toContain('half-done');
    expect(catalogue.terms).toHaveLength(fromContent.terms.length);
  });

  it('builds from content/ when the backend refuses, and says so, naming it', async () => {
    const warnings: string[] = [];
    const catalogue = await readCatalogue(
      { ...backend, anonKey: 'not-a-key' },
      contentDir,
      (text) => warnings.push(text),
    );
    expect(pagesOf(catalogue, 'en')).toEqual(pagesOf(fromContent, 'en'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^The backend at ${stack.url} did not give the catalogue: .*made from content/ instead`,
        's',
      ),
    );
  });
});
