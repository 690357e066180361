import { describe, expect, it } from 'vitest';
import { sentencesOf, type ContentLanguage } from './contentTexts';

// What a learner looks for on a coin page is said by each sheet in its own words: who started it
// and when (history), how it is secured and how its supply works (technology). The advice that
// holds for every token is written once, in the interface's practical guide
// (renderer/features/tokens/SheetGuideBasics.tsx), so no sentence of one sheet appears in
// another: a repeated sentence is boilerplate the reader has already seen elsewhere.

interface SheetFile {
  id: string;
  rank: number | null;
  last_reviewed: string;
  translations: Record<ContentLanguage, Record<string, string | string[] | undefined>>;
}

const sheets = Object.values(
  import.meta.glob<SheetFile>('../../content/tokens/*.json', { eager: true, import: 'default' }),
);
const LANGUAGES: readonly ContentLanguage[] = ['fr', 'en', 'es'];
const TOP = 50;
const MIN_WORDS = 60;

function wordCount(text: string | string[] | undefined): number {
  return typeof text === 'string' ? text.split(/\s+/u).filter(Boolean).length : 0;
}

/** Each sentence said by more than one sheet, with the sheets and fields that say it. */
function sharedSentences(files: readonly SheetFile[]): Map<string, string[]> {
  const owners = new Map<string, Set<string>>();
  const places = new Map<string, string[]>();
  for (const sheet of files) {
    for (const language of LANGUAGES) {
      for (const [field, value] of Object.entries(sheet.translations[language])) {
        const texts = Array.isArray(value) ? value : value ? [value] : [];
        for (const sentence of texts.flatMap(sentencesOf)) {
          // A list item without its full stop is the same sentence.
          const key = `${language}: ${sentence.replace(/[.!?…;]+$/u, '')}`;
          owners.set(key, (owners.get(key) ?? new Set()).add(sheet.id));
          places.set(key, [...(places.get(key) ?? []), `${sheet.id}.${field}`]);
        }
      }
    }
  }
  return new Map(
    [...places].filter(([key]) => (owners.get(key)?.size ?? 0) > 1).map(([key, at]) => [key, at]),
  );
}

function sheet(id: string, fr: Record<string, string | string[]>): SheetFile {
  return { id, rank: 100, last_reviewed: '2026-11-27', translations: { fr, en: {}, es: {} } };
}

describe('shared sentences', () => {
  it('finds a sentence two sheets share, whatever the field or the full stop, and not one sheet repeating itself', () => {
    const shared = sharedSentences([
      sheet('a', { about: 'A est une chaîne. Un cours volatil.' }),
      sheet('b', { how_to_store: 'B se garde partout.', challenges: ['Un cours volatil'] }),
      sheet('c', { about: 'C est une chaîne. Rien de commun.', challenges: ['Rien de commun'] }),
    ]);
    expect([...shared]).toEqual([['fr: Un cours volatil', ['a.about', 'b.challenges']]]);
  });
});

describe('token sheets', () => {
  it(`outside the top ${TOP}, tell in each language who started the token and when, how it is secured and how its supply works`, () => {
    const thin = sheets.flatMap((sheet) =>
      (sheet.rank ?? Infinity) <= TOP
        ? []
        : LANGUAGES.flatMap((language) =>
            (['history', 'technology'] as const)
              .filter((field) => wordCount(sheet.translations[language][field]) < MIN_WORDS)
              .map((field) => `${sheet.id} ${language} ${field}`),
          ),
    );
    expect(thin).toEqual([]);
  });

  it('share no sentence with one another', () => {
    const shared = [...sharedSentences(sheets)].map(
      ([sentence, at]) => `${sentence} (${at.join(', ')})`,
    );
    expect(shared).toEqual([]);
  });

  it('were last reviewed on a day that has come', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(sheets.filter((sheet) => sheet.last_reviewed > today).map((sheet) => sheet.id)).toEqual(
      [],
    );
  });
});
