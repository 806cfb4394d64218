// Cuts the site's typeface, IBM Plex Sans Arabic from @fontsource, down to the characters the
// site's @font-face rules claim, and writes the smaller files to web/fonts, where the stylesheet,
// the render bundle's preloads and the back-office's page link them. The rules in
// web/shared/theme/theme.css are the one list: each face that loads a file from web/fonts is cut from
// @fontsource's file of the same name to exactly the code points of its unicode-range, and the
// build stops if the typeface does not draw one of them, so a page never picks a face that lacks
// a letter. The OpenType layout of those letters is kept (harfbuzz's subsetter follows every
// substitution and positioning rule that can reach them): Arabic keeps its initial, medial and
// final forms, its ligatures such as lam-alef and the placing of its marks, Latin its kerning and
// ligatures. Only the fraction features (frac, numr, dnom) and their glyphs go: a browser applies
// them only when a stylesheet asks for diagonal or stacked fractions, which the site never does.
//
// The Vite builds (public site, render bundle, back-office) and the unit tests make the files
// themselves when they are missing or stale (subsetFontsPlugin), so nothing generated is
// committed; `node ssr/subset-fonts.mjs` makes them and prints their sizes.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import * as hb from 'harfbuzzjs';

const require = createRequire(import.meta.url);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The stylesheet whose @font-face rules say which file holds which characters. */
export const stylesheet = join(repoRoot, 'web/shared/theme/theme.css');
/** Where the cut files go (not committed); the @font-face rules link them as ../../fonts/<file>. */
export const fontsDir = join(repoRoot, 'web/fonts');
/** Where the typeface's own files come from, split by script and weight as Google Fonts does. */
export const sourceDir = join(
  require.resolve('@fontsource/ibm-plex-sans-arabic/package.json'),
  '..',
  'files',
);

/**
 * The layout features a subset keeps: every feature a browser applies to text by itself, for
 * Latin and Arabic alike (composition, localised forms, joining forms, required and contextual
 * ligatures and alternates, kerning, cursive attachment and mark positioning). The typeface has
 * no others but the fraction features, which only `font-variant-numeric: diagonal-fractions` or
 * `stacked-fractions` would turn on.
 */
export const layoutFeatures = [
  'rvrn',
  'ccmp',
  'locl',
  'isol',
  'init',
  'medi',
  'med2',
  'fina',
  'fin2',
  'fin3',
  'rlig',
  'rclt',
  'calt',
  'clig',
  'liga',
  'stch',
  'kern',
  'dist',
  'curs',
  'mark',
  'mkmk',
  'abvm',
  'blwm',
];

/**
 * The code points of a CSS unicode-range value, such as `U+0020-007E, U+00A9`.
 * @param {string} value
 * @returns {number[]}
 */
export function parseUnicodeRange(value) {
  const codePoints = new Set();
  for (const part of value.split(',')) {
    const match = /^\s*U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?\s*$/i.exec(part);
    if (!match) throw new Error(`unicode-range: cannot read "${part.trim()}"`);
    const first = parseInt(match[1] ?? '', 16);
    const last = match[2] ? parseInt(match[2], 16) : first;
    for (let cp = first; cp <= last; cp++) codePoints.add(cp);
  }
  return [...codePoints].sort((a, b) => a - b);
}

/**
 * A sorted list of code points written as a CSS unicode-range value (for messages and the sizes).
 * @param {Iterable<number>} codePoints
 */
export function formatUnicodeRange(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (/** @type {number} */ cp) => cp.toString(16).toUpperCase().padStart(4, '0');
  /** @type {string[]} */
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    const first = sorted[i] ?? 0;
    const last = sorted[j] ?? 0;
    parts.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * @typedef {{ file: string, weight: number, codePoints: number[] }} FontFace
 * The @font-face rules of `css` that load a file from web/fonts: the file's name, the face's
 * weight and the code points of its unicode-range.
 * @param {string} css
 * @returns {FontFace[]}
 */
export function fontFaces(css) {
  /** @type {FontFace[]} */
  const faces = [];
  for (const [, body = ''] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const file = /url\(\s*['"]?(?:\.\.\/)+fonts\/([\w.-]+\.woff2)['"]?\s*\)/.exec(body)?.[1];
    if (!file) continue;
    const range = /unicode-range\s*:([^;]+);/.exec(body)?.[1];
    const weight = /font-weight\s*:\s*(\d+)/.exec(body)?.[1];
    if (!range || !weight)
      throw new Error(`@font-face for ${file} needs a unicode-range and a font-weight`);
    faces.push({ file, weight: Number(weight), codePoints: parseUnicodeRange(range) });
  }
  return faces;
}

/**
 * A woff2 (or other) font as an SFNT the shaper reads.
 * @param {Uint8Array} font
 */
export async function toSfnt(font) {
  return subsetFont(Buffer.from(font), undefined, { keepAllGlyphs: true, targetFormat: 'sfnt' });
}

/**
 * The code points a font's cmap maps to a glyph.
 * @param {Uint8Array} font any format subset-font reads (woff2 included)
 */
export async function codePointsOf(font) {
  const face = new hb.Face(new hb.Blob(await toSfnt(font)));
  return [...face.collectUnicodes()].sort((a, b) => a - b);
}

/**
 * Cuts `source` down to `codePoints` and the glyphs their layout reaches, as woff2. Fails if the
 * font does not draw one of them: the face would claim a character it cannot show.
 * @param {Uint8Array} source
 * @param {number[]} codePoints
 * @param {string} [name] for messages
 */
export async function subsetFace(source, codePoints, name = 'font') {
  const drawn = new Set(await codePointsOf(source));
  const missing = codePoints.filter((cp) => !drawn.has(cp));
  if (missing.length > 0) {
    throw new Error(
      `${name} has no glyph for ${formatUnicodeRange(missing)}: take them out of its @font-face unicode-range`,
    );
  }
  return subsetFont(Buffer.from(source), String.fromCodePoint(...codePoints), {
    targetFormat: 'woff2',
    keepFeatures: layoutFeatures,
  });
}

/** What the files depend on: this script, the subsetter and the faces' sources and code points. */
async function fingerprint(/** @type {FontFace[]} */ faces) {
  const hash = createHash('sha256');
  hash.update(await readFile(fileURLToPath(import.meta.url)));
  hash.update(await readFile(require.resolve('subset-font/package.json')));
  hash.update(await readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
  for (const face of faces) {
    hash.update(`${face.file}:${face.codePoints.join(',')}\n`);
    hash.update(await readFile(join(sourceDir, face.file)));
  }
  return hash.digest('hex');
}

/**
 * Writes the cut file of every face in the stylesheet into `outDir`, unless the files there
 * were cut from the same sources by the same script. Each file is written whole under a
 * temporary name and then renamed, so a build running beside this one never reads half a font.
 * @param {{ css?: string, outDir?: string }} [options]
 * @returns {Promise<{ written: boolean, files: { file: string, source: number, size: number }[] }>}
 */
export async function buildFonts({ css, outDir = fontsDir } = {}) {
  const faces = fontFaces(css ?? (await readFile(stylesheet, 'utf8')));
  if (faces.length === 0) throw new Error('no @font-face rule loads a file from web/fonts');
  const stamp = join(outDir, '.fingerprint');
  const expected = await fingerprint(faces);
  const sizes = async () =>
    Promise.all(
      faces.map(async ({ file }) => ({
        file,
        source: (await readFile(join(sourceDir, file))).length,
        size: (await readFile(join(outDir, file))).length,
      })),
    );
  const current = await readFile(stamp, 'utf8').catch(() => '');
  if (current.trim() === expected) {
    try {
      return { written: false, files: await sizes() };
    } catch {
      // A file went missing: cut them again.
    }
  }
  await mkdir(outDir, { recursive: true });
  for (const face of faces) {
    const source = await readFile(join(sourceDir, face.file));
    const subset = await subsetFace(source, face.codePoints, face.file);
    const temporary = join(outDir, `.${face.file}.${process.pid}.tmp`);
    await writeFile(temporary, subset);
    await rename(temporary, join(outDir, face.file));
  }
  const temporary = join(outDir, `.fingerprint.${process.pid}.tmp`);
  await writeFile(temporary, `${expected}\n`);
  await rename(temporary, stamp);
  return { written: true, files: await sizes() };
}

/**
 * A Vite plugin that makes the files before a build reads the stylesheet or the preloads, and
 * before the unit tests import them.
 * @returns {import('vite').Plugin}
 */
export function subsetFontsPlugin() {
  return {
    name: 'noorvale:subset-fonts',
    async buildStart() {
      this.addWatchFile(stylesheet);
      await buildFonts();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { written, files } = await buildFonts();
  const kb = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} KB`;
  for (const { file, source, size } of files) {
    process.stdout.write(`${file}: ${kb(source)} -> ${kb(size)}\n`);
  }
  process.stdout.write(
    `${written ? 'wrote' : 'up to date:'} ${files.length} fonts in ${fontsDir}\n`,
  );
}
