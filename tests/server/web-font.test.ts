import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FILE, subsetWebFont } from '../../scripts/webFont.ts';

// The committed font (renderer/public/fonts/) is what `npm run fonts:web` writes from the
// installed package and the character list: neither can change without the other.
describe('the web font', () => {
  it('is committed as npm run fonts:web writes it', async () => {
    const [committed, written] = await Promise.all([readFile(OUTPUT_FILE), subsetWebFont()]);
    expect(committed.byteLength).toBeLessThan(45_000);
    expect(Buffer.from(written).equals(committed), 'run npm run fonts:web').toBe(true);
  });
});
