// The characters the interface's font keeps (scripts/webFont.ts): those French, English and
// Spanish texts use. Free of Node so that the unit test over every text can read it.

/** Inclusive code point ranges; a character outside them is drawn in the system font. */
export const RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement: accents, ñ ¿ ¡ « » × ÷ ° and the no-break space
  [0x0152, 0x0153], // Œ œ
  [0x0178, 0x0178], // Ÿ
  [0x2009, 0x2009], // thin space
  [0x2013, 0x2014], // – —
  [0x2018, 0x201e], // ‘ ’ ‚ ‛ “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space: French punctuation and Intl's group separator
  [0x20ac, 0x20ac], // €
  [0x2190, 0x2193], // ← ↑ → ↓
  [0x2212, 0x2212], // − (Intl's minus sign)
  [0x2248, 0x2248], // ≈
  [0x2264, 0x2265], // ≤ ≥
];

/**
 * Latin Extended-A, for the names of people and places in the sheets (Łukasz, Dvořák, Žiga),
 * less Œ œ Ÿ, which the main file has. Inter keeps these in another source file, so they go to
 * a second, small file that a browser fetches only for a page that shows one of them (its
 * `unicode-range` in styles/global.css).
 */
export const EXTENDED_RANGES: readonly (readonly [number, number])[] = [
  [0x0100, 0x0151],
  [0x0154, 0x0177],
  [0x0179, 0x017f],
];

/** Whether a character is one of the font's two files was cut to keep. */
export function inRanges(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return [...RANGES, ...EXTENDED_RANGES].some(([first, last]) => code >= first && code <= last);
}
