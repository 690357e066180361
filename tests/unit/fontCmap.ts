// The characters a TrueType font maps to a glyph, read the way jsPDF reads them: from the first
// format 4 Unicode subtable of the `cmap` table (platform 3 encoding 1, or platform 0). jsPDF
// silently drops a character that subtable lacks, so this, and not what another font library
// would find in a format 12 subtable, is what decides whether the PDF shows it. A few lines of
// DataView instead of a font library: none is a dependency of the project.

export interface FontCmap {
  /** jsPDF takes its subset's mapping from the first subtable, whatever it is. */
  firstSubtableIsUnicodeFormat4: boolean;
  /** Characters with a glyph other than .notdef, each with its glyph id. */
  glyphs: ReadonlyMap<number, number>;
}

function tableOffset(view: DataView, tag: string): number {
  const tableCount = view.getUint16(4);
  for (let index = 0; index < tableCount; index += 1) {
    const record = 12 + 16 * index;
    const name = String.fromCharCode(...[0, 1, 2, 3].map((byte) => view.getUint8(record + byte)));
    if (name === tag) return view.getUint32(record + 8);
  }
  throw new Error(`The font has no ${tag} table`);
}

function readFormat4(view: DataView, offset: number): Map<number, number> {
  const segmentCount = view.getUint16(offset + 6) / 2;
  const endCodes = offset + 14;
  const startCodes = endCodes + 2 * segmentCount + 2;
  const deltas = startCodes + 2 * segmentCount;
  const rangeOffsets = deltas + 2 * segmentCount;
  const glyphs = new Map<number, number>();
  for (let segment = 0; segment < segmentCount; segment += 1) {
    const end = view.getUint16(endCodes + 2 * segment);
    const start = view.getUint16(startCodes + 2 * segment);
    const delta = view.getUint16(deltas + 2 * segment);
    const rangeOffsetAt = rangeOffsets + 2 * segment;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (code + delta) & 0xffff;
      } else {
        const raw = view.getUint16(rangeOffsetAt + rangeOffset + 2 * (code - start));
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) glyphs.set(code, glyph);
    }
  }
  return glyphs;
}

export function readCmap(font: Uint8Array): FontCmap {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const cmap = tableOffset(view, 'cmap');
  const subtableCount = view.getUint16(cmap + 2);
  let firstSubtableIsUnicodeFormat4 = false;
  let glyphs: Map<number, number> | undefined;
  for (let index = 0; index < subtableCount; index += 1) {
    const record = cmap + 4 + 8 * index;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const subtable = cmap + view.getUint32(record + 4);
    const isUnicodeFormat4 =
      view.getUint16(subtable) === 4 && (platform === 0 || (platform === 3 && encoding === 1));
    if (index === 0) firstSubtableIsUnicodeFormat4 = isUnicodeFormat4;
    if (isUnicodeFormat4 && glyphs === undefined) glyphs = readFormat4(view, subtable);
  }
  if (glyphs === undefined) throw new Error('The font has no format 4 Unicode cmap subtable');
  return { firstSubtableIsUnicodeFormat4, glyphs };
}
