import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as hb from 'harfbuzzjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codePointsOf,
  fontFaces,
  formatUnicodeRange,
  layoutFeatures,
  parseUnicodeRange,
  sourceDir,
  stylesheet,
  subsetFace,
  toSfnt,
} from './subset-fonts.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** @param {string} dir @returns {Promise<string[]>} */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : [path];
    }),
  );
  return nested.flat();
}

/** Every string value of a JSON document. @param {unknown} value @returns {string[]} */
function stringsOf(value) {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * The text the site shows: its interface strings in every language, the content it seeds, and
 * the back-office's strings, each with the file it comes from.
 * @returns {Promise<{ file: string, text: string }[]>}
 */
async function siteTexts() {
  const json = [
    ...(await filesUnder(join(repoRoot, 'web/locales'))),
    ...(await filesUnder(join(repoRoot, 'api/content/seed'))),
  ].filter((file) => file.endsWith('.json'));
  const admin = (await filesUnder(join(repoRoot, 'web/admin'))).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\./.test(file),
  );
  return Promise.all([
    ...json.map(async (file) => ({
      file: relative(repoRoot, file),
      text: stringsOf(JSON.parse(await readFile(file, 'utf8'))).join('\n'),
    })),
    ...admin.map(async (file) => ({
      file: relative(repoRoot, file),
      text: await readFile(file, 'utf8'),
    })),
  ]);
}

/** Which script a file of the typeface holds. @param {string} file */
const scriptOf = (file) => /-(arabic|latin)-\d+-normal\.woff2$/.exec(file)?.[1];

/** @typedef {{ file: string, weight: number, codePoints: number[], source: Buffer, subset: Buffer }} Face */
/** @type {Face[]} */
let faces = [];
/** @type {{ file: string, text: string }[]} */
let texts = [];

beforeAll(async () => {
  const declared = fontFaces(await readFile(stylesheet, 'utf8'));
  faces = await Promise.all(
    declared.map(async (face) => {
      const source = await readFile(join(sourceDir, face.file));
      return { ...face, source, subset: await subsetFace(source, face.codePoints, face.file) };
    }),
  );
  texts = await siteTexts();
});

/** A shaper for one font file. @param {Uint8Array} font */
async function shaper(font) {
  const face = new hb.Face(new hb.Blob(await toSfnt(font)));
  const hbFont = new hb.Font(face);
  /** @type {Map<number, string>} */
  const outlines = new Map();
  const outline = (/** @type {number} */ glyph) => {
    if (!outlines.has(glyph)) outlines.set(glyph, hbFont.glyphToPath(glyph));
    return outlines.get(glyph) ?? '';
  };
  return {
    face,
    /**
     * What a browser draws for `text` with this font: each glyph's outline (glyph numbers differ
     * between a font and its subset, drawings do not), its cluster and its position.
     * @param {string} text
     */
    shape(text) {
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(hbFont, buffer);
      const positions = buffer.getGlyphPositions();
      return buffer.getGlyphInfos().map((info, i) => ({
        glyph: info.codepoint,
        outline: outline(info.codepoint),
        cluster: info.cluster,
        ...positions[i],
      }));
    },
  };
}

/**
 * The stretches of `text` a face draws: the runs of characters in its unicode-range, as a
 * browser splits a line between the faces of one family.
 * @param {string} text
 * @param {Set<number>} codePoints
 */
function runsIn(text, codePoints) {
  /** @type {string[]} */
  const runs = [];
  let run = '';
  for (const ch of text) {
    if (codePoints.has(ch.codePointAt(0) ?? 0)) run += ch;
    else if (run) {
      runs.push(run);
      run = '';
    }
  }
  if (run) runs.push(run);
  return runs;
}

describe('unicode-range', () => {
  it('reads and writes the CSS notation', () => {
    expect(parseUnicodeRange('U+0041-0043, U+00e9,U+1F600')).toEqual([
      0x41, 0x42, 0x43, 0xe9, 0x1f600,
    ]);
    expect(formatUnicodeRange([0x43, 0x41, 0x42, 0xe9, 0x1f600])).toBe(
      'U+0041-0043, U+00E9, U+1F600',
    );
    expect(() => parseUnicodeRange('U+00??')).toThrow(/cannot read/);
  });
});

describe('the typeface cut to the site', () => {
  it('has an Arabic and a Latin face in both weights, whose ranges do not overlap', () => {
    expect(faces.map(({ file }) => file).sort()).toEqual([
      'ibm-plex-sans-arabic-arabic-400-normal.woff2',
      'ibm-plex-sans-arabic-arabic-600-normal.woff2',
      'ibm-plex-sans-arabic-latin-400-normal.woff2',
      'ibm-plex-sans-arabic-latin-600-normal.woff2',
    ]);
    for (const weight of [400, 600]) {
      const [arabic, latin] = ['arabic', 'latin'].map((script) =>
        faces.find((face) => face.weight === weight && scriptOf(face.file) === script),
      );
      const both = arabic?.codePoints.filter((cp) => latin?.codePoints.includes(cp));
      expect(both, `weight ${weight}`).toEqual([]);
    }
  });

  it('gives each file exactly the characters its @font-face rule claims', async () => {
    for (const face of faces) {
      expect(formatUnicodeRange(await codePointsOf(face.subset)), face.file).toBe(
        formatUnicodeRange(face.codePoints),
      );
      // And it is smaller than the file it was cut from.
      expect(face.subset.length, face.file).toBeLessThan(face.source.length);
    }
  });

  it('draws in the typeface every character the site shows that the typeface has', async () => {
    for (const weight of [400, 600]) {
      // Every file @fontsource has of this weight, whatever its script: what the typeface draws.
      const all = (await readdir(sourceDir)).filter((file) =>
        file.endsWith(`-${weight}-normal.woff2`),
      );
      const typeface = new Set(
        (
          await Promise.all(
            all.map(async (file) => codePointsOf(await readFile(join(sourceDir, file)))),
          )
        ).flat(),
      );
      const kept = new Set(
        faces.filter((face) => face.weight === weight).flatMap((face) => face.codePoints),
      );
      /** @type {Map<number, string>} */
      const lost = new Map();
      for (const { file, text } of texts) {
        for (const ch of text) {
          const cp = ch.codePointAt(0) ?? 0;
          if (cp > 0x20 && typeface.has(cp) && !kept.has(cp) && !lost.has(cp)) lost.set(cp, file);
        }
      }
      expect(
        [...lost].map(([cp, file]) => `${formatUnicodeRange([cp])} (${file})`),
        `weight ${weight}: characters the site uses that the cut faces lost`,
      ).toEqual([]);
    }
  });

  it('keeps the layout features a browser applies by itself', async () => {
    for (const face of faces) {
      const [before, after] = await Promise.all(
        [face.source, face.subset].map(async (font) => {
          const hbFace = new hb.Face(new hb.Blob(await toSfnt(font)));
          return new Set(
            ['GSUB', 'GPOS'].flatMap((table) =>
              hbFace.getTableFeatureTags(/** @type {'GSUB' | 'GPOS'} */ (table)),
            ),
          );
        }),
      );
      const expected = [...(before ?? [])].filter((tag) => layoutFeatures.includes(tag)).sort();
      expect([...(after ?? [])].sort(), face.file).toEqual(expected);
      if (scriptOf(face.file) === 'arabic') {
        expect(expected, face.file).toEqual(
          expect.arrayContaining(['init', 'medi', 'fina', 'rlig', 'mark', 'mkmk']),
        );
      }
    }
  });

  it('draws the site’s text exactly as the whole typeface does', async () => {
    for (const face of faces) {
      const [whole, cut] = await Promise.all([shaper(face.source), shaper(face.subset)]);
      const codePoints = new Set(face.codePoints);
      // Word by word (kerning and joining stay inside a word), each different word once.
      const words = new Set(
        texts.flatMap(({ text }) => runsIn(text, codePoints).flatMap((run) => run.split(/(?<= )/))),
      );
      expect(words.size, face.file).toBeGreaterThan(100);
      /** What a word looks like: each glyph's drawing, cluster and position. */
      const drawing = (/** @type {ReturnType<typeof whole.shape>} */ glyphs) =>
        JSON.stringify(glyphs.map(({ glyph: _glyph, ...drawn }) => drawn));
      /** @type {string[]} */
      const different = [];
      for (const word of words) {
        const drawn = cut.shape(word);
        if (drawn.some(({ glyph }) => glyph === 0) || drawing(drawn) !== drawing(whole.shape(word)))
          different.push(word);
      }
      expect(different, `${face.file}: words the cut face draws otherwise`).toEqual([]);
    }
  }, 300_000);

  it('joins Arabic letters: a word’s letters take their joined forms and lam-alef its ligature', async () => {
    for (const face of faces.filter(({ file }) => scriptOf(file) === 'arabic')) {
      const { shape } = await shaper(face.subset);
      const isolated = (/** @type {string} */ letter) => shape(letter)[0]?.outline;
      // سلم: seen takes its initial form, lam its medial form and meem its final form.
      const word = shape('سلم');
      expect(word, face.file).toHaveLength(3);
      for (const [i, letter] of ['س', 'ل', 'م'].entries()) {
        const glyph = word.find(({ cluster }) => cluster === i);
        expect(glyph?.outline, `${face.file}: ${letter} in سلم`).not.toBe(isolated(letter));
      }
      // لا is not lam followed by alef, each alone.
      const lamAlef = shape('لا').map(({ outline }) => outline);
      expect(lamAlef, face.file).not.toEqual([isolated('ا'), isolated('ل')]);
      // A vowel mark sits on its letter: it takes no room of its own.
      const marked = shape('بَ');
      const mark = marked.find(({ outline }) => outline === isolated('َ'));
      expect(mark?.xAdvance, face.file).toBe(0);
    }
  });

  it('leaves out only features the site never asks for', async () => {
    const sources = [
      ...(await filesUnder(join(repoRoot, 'web/site'))),
      ...(await filesUnder(join(repoRoot, 'web/shared'))),
      ...(await filesUnder(join(repoRoot, 'web/admin'))),
    ].filter((file) => /\.(css|tsx?)$/.test(file) && !/\.test\./.test(file));
    for (const file of sources) {
      const text = await readFile(file, 'utf8');
      // Fractions (frac, numr, dnom) are the only features of the typeface the cut files drop.
      expect(text, relative(repoRoot, file)).not.toMatch(
        /diagonal-fractions|stacked-fractions|font-feature-settings/,
      );
    }
  });
});
