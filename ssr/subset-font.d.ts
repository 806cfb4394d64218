// subset-font ships no types: the part of its API that ssr/subset-fonts.mjs uses.
declare module 'subset-font' {
  type Options = {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    keepFeatures?: string[];
    keepAllGlyphs?: boolean;
    noLayoutClosure?: boolean;
    noHinting?: boolean;
    glyphNames?: boolean;
    preserveNameIds?: number[];
    dropTables?: string[];
  };
  export default function subsetFont(
    font: Buffer,
    text?: string | null,
    options?: Options,
  ): Promise<Buffer>;
}
