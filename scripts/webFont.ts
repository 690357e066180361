// The interface's font: Inter (SIL OFL 1.1, from @fontsource-variable/inter), variable in
// weight, cut down to the characters of webFontCharacters.ts. Shared by the script that writes
// it (subset-web-font.ts) and the test that checks the committed file is what it writes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { RANGES } from './webFontCharacters.ts';

const require = createRequire(import.meta.url);

/** Where the script reads the font and its licence. */
export const SOURCE_DIR = path.dirname(require.resolve('@fontsource-variable/inter/package.json'));
const SOURCE_FILE = path.join(SOURCE_DIR, 'files/inter-latin-wght-normal.woff2');

/** Where the app serves it from (index.html preloads this address, global.css names it). */
export const OUTPUT_DIR = path.resolve(import.meta.dirname, '../renderer/public/fonts');
export const OUTPUT_FILE = path.join(OUTPUT_DIR, 'inter-variable.woff2');

/** The font as the script writes it, from the package installed now. */
export async function subsetWebFont(): Promise<Uint8Array> {
  const text = RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  ).join('');
  // The weight axis stays: one file serves every weight from 400 to 800.
  return subsetFont(await readFile(SOURCE_FILE), text, { targetFormat: 'woff2' });
}
