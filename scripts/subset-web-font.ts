// Writes the interface's font (see webFont.ts) to renderer/public/fonts/, with its licence.
//   npm run fonts:web
// The output is committed. tests/unit/web-font.test.ts fails when a text uses a character the
// font lacks (add it to RANGES) or when the committed file is not what this script writes.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTPUT_DIR, SOURCE_DIR, WEB_FONT_FILES, subsetWebFont } from './webFont.ts';

await mkdir(OUTPUT_DIR, { recursive: true });
for (const file of WEB_FONT_FILES) {
  const font = await subsetWebFont(file);
  await writeFile(file.output, font);
  console.log(`${path.relative(process.cwd(), file.output)}: ${font.byteLength} bytes`);
}
// The OFL requires the licence to travel with the font.
await copyFile(path.join(SOURCE_DIR, 'LICENSE'), path.join(OUTPUT_DIR, 'OFL.txt'));
console.log(path.relative(process.cwd(), path.join(OUTPUT_DIR, 'OFL.txt')));
