import { describe, expect, it } from 'vitest';
import { inRanges } from '../../scripts/webFontCharacters';
import { contentTexts } from './contentTexts';
import { stringsOf } from './englishLeftovers';

// The interface's font keeps only the characters our texts need (scripts/webFontCharacters.ts). A text
// with a character outside them would show that character in another font: this names it.

const locales = import.meta.glob<unknown>('../../renderer/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const texts = [
  ...Object.entries(locales).flatMap(([file, tree]) =>
    stringsOf(tree).map(([path, text]) => ({ where: `${file} ${path}`, text })),
  ),
  ...contentTexts.map(({ file, path, text }) => ({ where: `content/${file} ${path}`, text })),
];

describe('the web font', () => {
  it('has every character of the interface and the content in fr, en and es', () => {
    expect(texts.length).toBeGreaterThan(10_000);
    const missing = new Map<string, string>();
    for (const { where, text } of texts) {
      for (const character of text) {
        if (/\s/u.test(character) && character !== '\u00a0' && character !== '\u202f') continue;
        if (!inRanges(character) && !missing.has(character)) missing.set(character, where);
      }
    }
    const report = [...missing].map(
      ([character, where]) =>
        `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} ${character} (${where})`,
    );
    expect(report, 'add these to RANGES in scripts/webFont.ts and run npm run fonts:web').toEqual(
      [],
    );
  });
});
