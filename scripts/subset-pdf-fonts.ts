// Cuts Noto Sans (SIL OFL 1.1, from @expo-google-fonts/noto-sans) down to the characters the
// calculators' PDF report shows in French, English and Spanish, so the PDF matches the screen
// character for character (Intl's U+202F group separator and U+2212 minus are in none of the
// standard PDF fonts) while the browser downloads a few dozen kilobytes, not 600.
//   npm run fonts:pdf
// The output is committed. tests/unit/pdf-report.test.ts fails, naming the character, when a
// text needs one outside this list: add it below and run the command again.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const repoRoot = path.resolve(import.meta.dirname, '..');
const outDir = path.join(repoRoot, 'renderer/features/pdf/fonts');
const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));

const FACES = [
  { source: '400Regular/NotoSans_400Regular.ttf', output: 'NotoSans-Regular.ttf' },
  { source: '700Bold/NotoSans_700Bold.ttf', output: 'NotoSans-Bold.ttf' },
] as const;

/** Inclusive code point ranges. */
const RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement: accents, ñ ¿ ¡ « » × and the no-break space
  [0x0152, 0x0153], // Œ œ
  [0x0178, 0x0178], // Ÿ
  [0x2009, 0x2009], // thin space
  [0x2013, 0x2014], // – —
  [0x2018, 0x201d], // ‘ ’ ‚ ‛ “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space: Intl's French group separator
  [0x20ac, 0x20ac], // €
  [0x2212, 0x2212], // − (Intl's minus sign)
  // Noto Sans 2 has no glyph for these three: asked for anyway, so that a version that adds them
  // brings them in. Until then a report must not use them (the unit test says so if one does).
  [0x2191, 0x2191], // ↑
  [0x2193, 0x2193], // ↓
  [0x2248, 0x2248], // ≈
];

const text = RANGES.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
).join('');

await mkdir(outDir, { recursive: true });
for (const face of FACES) {
  const original = await readFile(path.join(packageDir, face.source));
  const subset = await subsetFont(original, text, {
    targetFormat: 'truetype',
    // jsPDF embeds only cmap, glyf, loca, hmtx, hhea, maxp, post, name, head and OS/2, and
    // applies no GPOS kerning nor GSUB substitution: the layout tables and the hinting would be
    // downloaded and thrown away.
    dropTables: ['GPOS', 'GSUB', 'GDEF', 'STAT'],
    noHinting: true,
    // The licence's summary and address (name ids 13 and 14) stay in the font, and so in every
    // PDF that embeds it, next to the copyright (id 0) that is kept anyway.
    preserveNameIds: [13, 14],
  });
  await writeFile(path.join(outDir, face.output), subset);
  console.log(`${face.output}: ${subset.byteLength} bytes (from ${original.byteLength})`);
}
// The OFL requires the licence to travel with the font.
await copyFile(path.join(packageDir, 'LICENSE_FONT'), path.join(outDir, 'OFL.txt'));
console.log(`Fonts and OFL.txt written to ${path.relative(repoRoot, outDir)}/`);
