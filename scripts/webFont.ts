// The interface's font: Inter (SIL OFL 1.1, from @fontsource-variable/inter), variable in
// weight, cut down to the characters of webFontCharacters.ts, in two files. Shared by the script that writes
// it (subset-web-font.ts) and the test that checks the committed file is what it writes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { EXTENDED_RANGES, RANGES } from './webFontCharacters.ts';

const require = createRequire(import.meta.url);

/** Where the script reads the font and its licence. */
export const SOURCE_DIR = path.dirname(require.resolve('@fontsource-variable/inter/package.json'));

/** Where the app serves it from (index.html preloads the main file, global.css names both). */
export const OUTPUT_DIR = path.resolve(import.meta.dirname, '../renderer/public/fonts');

export interface WebFontFile {
  /** The package's file the characters come from. */
  source: string;
  output: string;
  ranges: readonly (readonly [number, number])[];
}

/** The main file, preloaded by every page, and the extended one, fetched only when needed. */
export const WEB_FONT_FILES: readonly WebFontFile[] = [
  {
    source: path.join(SOURCE_DIR, 'files/inter-latin-wght-normal.woff2'),
    output: path.join(OUTPUT_DIR, 'inter-variable.woff2'),
    ranges: RANGES,
  },
  {
    source: path.join(SOURCE_DIR, 'files/inter-latin-ext-wght-normal.woff2'),
    output: path.join(OUTPUT_DIR, 'inter-variable-extended.woff2'),
    ranges: EXTENDED_RANGES,
  },
];

/** A font file as the script writes it, from the package installed now. */
export async function subsetWebFont(file: WebFontFile): Promise<Uint8Array> {
  const text = file.ranges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
    )
    .join('');
  // The weight axis stays: one file serves every weight from 400 to 800.
  return subsetFont(await readFile(file.source), text, { targetFormat: 'woff2' });
}
