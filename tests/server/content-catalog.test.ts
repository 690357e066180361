import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/seed/load.ts';
import { type Content, languages, moduleLevels, termCategories } from '../../server/seed/schema.ts';
import { looksEnglish, stringsOf } from '../unit/englishLeftovers.ts';
import providerIds from '../../content/provider-ids.json';

// What content/README.md asks of the catalogue as a whole: the counts, provider ids that exist,
// an icon bundled for every sheet, and no text left untranslated.

const iconsDir = path.resolve(import.meta.dirname, '../../renderer/public/token-icons');
let content: Content;

beforeAll(async () => {
  content = await loadContent();
});

describe('counts', () => {
  it('has the 152 dictionary terms, every category used', () => {
    expect(content.terms).toHaveLength(152);
    expect(new Set(content.terms.map((term) => term.category))).toEqual(new Set(termCategories));
  });

  it('has at least three modules per level, each with 3-6 steps and 5+ questions', () => {
    for (const level of moduleLevels) {
      const modules = content.modules.filter((module) => module.level === level);
      expect(modules.length, level).toBeGreaterThanOrEqual(3);
      expect(modules.map((module) => module.position).sort(), level).toEqual(
        modules.map((_, index) => index + 1),
      );
    }
  });
});

describe('token sheets', () => {
  it('cover 250+ cryptocurrencies, the 50 highest ranked in depth', () => {
    expect(content.tokens.length).toBeGreaterThanOrEqual(250);
    const top = [...content.tokens].sort((a, b) => a.rank - b.rank).slice(0, 50);
    const shallow = top.filter((token) =>
      languages.some((language) => {
        const text = token.translations[language];
        return !text.history || !text.technology || !text.ecosystem;
      }),
    );
    expect(shallow.map((token) => token.id)).toEqual([]);
  });

  it('use exact CoinGecko ids from our verified list (content/provider-ids.json), each once', () => {
    const known = new Set(providerIds.ids.map((entry) => entry.id));
    const ids = content.tokens.map((token) => token.id);
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const wrongLinks = content.tokens.filter(
      (token) => token.links.provider !== `https://www.coingecko.com/en/coins/${token.id}`,
    );
    expect(wrongLinks.map((token) => token.id)).toEqual([]);
  });

  it('each have their icon bundled, and no icon is left without a sheet', async () => {
    const icons = (await readdir(iconsDir)).filter((file) => file.endsWith('.svg')).sort();
    expect(icons).toEqual(content.tokens.map((token) => `${token.id}.svg`).sort());
  });
});

describe('translations', () => {
  const entries = () => [
    ...content.terms.map((term) => [`terms/${term.slug}`, term.translations] as const),
    ...content.tokens.map((token) => [`tokens/${token.id}`, token.translations] as const),
    ...content.modules.map((module) => [`learning/${module.slug}`, module] as const),
  ];

  it('leave no English in the French and Spanish texts', () => {
    const leftovers: string[] = [];
    for (const [file, value] of entries()) {
      for (const [field, text] of stringsOf(value)) {
        const inFrenchOrSpanish = /(^|\.)(fr|es)(\.|\[|$)/.test(field);
        if (inFrenchOrSpanish && looksEnglish(text)) leftovers.push(`${file}: ${field}`);
      }
    }
    expect(leftovers).toEqual([]);
  });

  it('never copy one language into another', () => {
    const copies: string[] = [];
    for (const [file, value] of entries()) {
      const byLanguage = new Map(
        languages.map((language) => [
          language,
          new Map(
            stringsOf(value)
              .filter(([field]) => new RegExp(`(^|\\.)${language}(\\.|\\[|$)`).test(field))
              .map(([field, text]) => [field.replace(new RegExp(`\\b${language}\\b`), '*'), text]),
          ),
        ]),
      );
      const english = byLanguage.get('en') ?? new Map<string, string>();
      for (const language of ['fr', 'es'] as const) {
        for (const [field, text] of byLanguage.get(language) ?? []) {
          if (text.split(/\s+/).length > 3 && english.get(field) === text) {
            copies.push(`${file}: ${language} ${field}`);
          }
        }
      }
    }
    expect(copies).toEqual([]);
  });
});
