// Writes the interface's font (see webFont.ts) to renderer/public/fonts/, with its licence.
//   npm run fonts:web
// The output is committed. tests/unit/web-font.test.ts fails when a text uses a character the
// font lacks (add it to RANGES) or when the committed file is not what this script writes.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTPUT_DIR, OUTPUT_FILE, SOURCE_DIR, subsetWebFont } from './webFont.ts';

await mkdir(OUTPUT_DIR, { recursive: true });
const font = await subsetWebFont();
await writeFile(OUTPUT_FILE, font);
// The OFL requires the licence to travel with the font.
await copyFile(path.join(SOURCE_DIR, 'LICENSE'), path.join(OUTPUT_DIR, 'OFL.txt'));
console.log(`${path.relative(process.cwd(), OUTPUT_FILE)}: ${font.byteLength} bytes, and OFL.txt`);
