import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FONT_FILES, subsetWebFont } from '../../scripts/webFont.ts';

// The committed font (renderer/public/fonts/) is what `npm run fonts:web` writes from the
// installed package and the character list: neither can change without the other.
describe('the web font', () => {
  it.each(WEB_FONT_FILES.map((file) => [path.basename(file.output), file] as const))(
    '%s is committed as npm run fonts:web writes it',
    async (_name, file) => {
      const [committed, written] = await Promise.all([readFile(file.output), subsetWebFont(file)]);
      expect(committed.byteLength).toBeLessThan(45_000);
      // A file cut to characters its source lacks would hold next to nothing.
      expect(committed.byteLength).toBeGreaterThan(5_000);
      expect(Buffer.from(written).equals(committed), 'run npm run fonts:web').toBe(true);
    },
  );
});
