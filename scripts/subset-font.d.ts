// subset-font ships no types; only the options scripts/subset-pdf-fonts.ts uses are declared.
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'truetype' | 'sfnt' | 'woff' | 'woff2';
    keepFeatures?: string[];
    noHinting?: boolean;
    dropTables?: string[];
    preserveNameIds?: number[];
  }
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
