// The generated cover pictures, as plain data: the React component draws them inline, and the
// build step (ssr/build-images.mjs, plain Node) rasterises the same drawing into AVIF and WebP
// files for every content item.

/**
 * How a shape is painted: the page styles each tone with a class (`cover-<tone>`), the raster
 * build with the colours in `coverPalette`.
 * @typedef {'ground' | 'glow' | 'soft' | 'accent' | 'line' | 'line-accent'} CoverTone
 */

/**
 * One element of a cover: an SVG tag, its geometry attributes (React's camelCase names) and tone.
 * @typedef {{ tag: 'circle' | 'rect' | 'polygon' | 'path', attrs: Record<string, string | number>, tone: CoverTone }} CoverShape
 */

/** The drawing's frame, 16:9. */
export const coverFrame = { width: 400, height: 225 };

/** Widths in pixels of the raster files written for every item; heights keep the 16:9 frame. */
export const coverWidths = [480, 960, 1440];

/** The width an `<img>` falls back to when the browser does not pick from the sources. */
export const coverFallbackWidth = 960;

/** Raster formats, in the order the page offers them. */
export const coverFormats = /** @type {const} */ ([
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
]);

/**
 * The raster colours: those the light theme gives the cover classes in styles.css.
 * @type {Record<CoverTone, Record<string, string | number>>}
 */
export const coverPalette = {
  ground: { fill: '#0a2540' },
  glow: { fill: '#0d3a5c' },
  soft: { fill: '#ffffff', 'fill-opacity': 0.1 },
  accent: { fill: '#6fdccf', 'fill-opacity': 0.8 },
  line: { fill: 'none', stroke: '#ffffff', 'stroke-opacity': 0.2, 'stroke-width': 1.5 },
  'line-accent': { fill: 'none', stroke: '#6fdccf', 'stroke-width': 2 },
};

/**
 * Height in pixels of a raster cover of the given width.
 * @param {number} width
 */
export function coverHeight(width) {
  return Math.round((width * coverFrame.height) / coverFrame.width);
}

/**
 * How the build encodes the raster files; part of their names, so new settings give new names.
 */
export const coverEncoding = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 80, effort: 4 },
};

/** @type {Map<string, string>} */
const versions = new Map();

/**
 * A short hash of everything a cover's files are made from (the drawing, widths and encoding),
 * so their names change whenever their content does and browsers may keep them for good.
 * @param {string} slug
 */
export function coverVersion(slug) {
  let version = versions.get(slug);
  if (!version) {
    const recipe = coverSvg(slug) + JSON.stringify([coverWidths, coverEncoding]);
    version = hash(recipe).toString(16).padStart(8, '0');
    versions.set(slug, version);
  }
  return version;
}

/**
 * Site path of a raster cover: under the client build's hashed assets, served with immutable
 * caching; dist/client holds the file at the same path.
 * @param {string} collection
 * @param {string} slug
 * @param {number} width
 * @param {string} ext
 */
export function coverPath(collection, slug, width, ext) {
  return `/assets/covers/${collection}/${slug}-${coverVersion(slug)}-${width}.${ext}`;
}

/**
 * FNV-1a: a small, stable hash, so a slug always picks the same pattern.
 * @param {string} text
 */
function hash(text) {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32).
 * @param {number} seed
 * @returns {() => number}
 */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const { width, height } = coverFrame;

/** @type {((next: () => number) => CoverShape[])[]} */
const patterns = [
  // A grid of dots, some grown into rings.
  (next) => {
    /** @type {CoverShape[]} */
    const shapes = [];
    for (let row = 0; row < 6; row++) {
      for (let col = 0; col < 10; col++) {
        const cx = 20 + col * 40;
        const cy = 20 + row * 38;
        const roll = next();
        if (roll > 0.86) shapes.push({ tag: 'circle', attrs: { cx, cy, r: 13 }, tone: 'line' });
        else
          shapes.push({
            tag: 'circle',
            attrs: { cx, cy, r: roll > 0.6 ? 4 : 2 },
            tone: roll > 0.78 ? 'accent' : 'soft',
          });
      }
    }
    return shapes;
  },
  // Concentric arcs from a corner.
  (next) => {
    const cx = next() > 0.5 ? width : 0;
    const cy = next() > 0.5 ? height : 0;
    return Array.from({ length: 9 }, (_, i) => ({
      tag: 'circle',
      attrs: { cx, cy, r: 40 + i * 36 },
      tone: i === 3 + Math.floor(next() * 4) ? 'line-accent' : 'line',
    }));
  },
  // Diagonal bands.
  (next) => {
    const accent = Math.floor(next() * 8);
    const transform = `rotate(${next() > 0.5 ? 30 : -30} 200 112)`;
    return Array.from({ length: 8 }, (_, i) => ({
      tag: 'rect',
      attrs: {
        x: -120 + i * 85,
        y: -200,
        width: 12 + Math.round(next() * 30),
        height: 640,
        transform,
      },
      tone: i === accent ? 'accent' : 'soft',
    }));
  },
  // A field of triangles.
  (next) => {
    /** @type {CoverShape[]} */
    const shapes = [];
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 9; col++) {
        const x = col * 50 - (row % 2) * 25;
        const y = row * 50;
        const roll = next();
        if (roll < 0.35) continue;
        const up = (row + col) % 2 === 0;
        const points = up
          ? `${x},${y + 44} ${x + 25},${y + 4} ${x + 50},${y + 44}`
          : `${x},${y + 4} ${x + 25},${y + 44} ${x + 50},${y + 4}`;
        shapes.push({
          tag: 'polygon',
          attrs: { points },
          tone: roll > 0.9 ? 'accent' : roll > 0.6 ? 'soft' : 'line',
        });
      }
    }
    return shapes;
  },
  // Nested shields, the firm's mark, over a dotted horizon.
  (next) => {
    const x = 250 + Math.round(next() * 80);
    /** @param {number} size */
    const shield = (size) =>
      `M${x} ${112 - size}l${size * 0.85} ${size * 0.32}v${size * 0.62}c0 ${size * 0.55}-${size * 0.36} ${size * 0.95}-${size * 0.85} ${size * 1.1}c-${size * 0.49}-${size * 0.15}-${size * 0.85}-${size * 0.55}-${size * 0.85}-${size * 1.1}v-${size * 0.62}Z`;
    return [
      ...[90, 66, 42].map((size, i) => ({
        tag: /** @type {const} */ ('path'),
        attrs: { d: shield(size) },
        tone: /** @type {CoverTone} */ (i === 1 ? 'line-accent' : 'line'),
      })),
      ...[150, 175, 200].map((y) => ({
        tag: /** @type {const} */ ('path'),
        attrs: { d: `M0 ${y}H${width}`, strokeDasharray: '2 10' },
        tone: /** @type {CoverTone} */ ('line'),
      })),
    ];
  },
];

/**
 * The shapes of the cover drawn from `seed`, back to front: an abstract pattern in the brand's
 * colours, chosen and varied by the seed; the same seed always gives the same drawing.
 * @param {string} seed
 * @returns {CoverShape[]}
 */
export function coverShapes(seed) {
  const value = hash(seed);
  const draw = patterns[value % patterns.length];
  if (!draw) throw new Error('no cover pattern');
  return [
    { tag: 'rect', attrs: { width, height }, tone: 'ground' },
    {
      tag: 'circle',
      attrs: { cx: (value >>> 4) % width, cy: (value >>> 12) % height, r: 170 },
      tone: 'glow',
    },
    ...draw(random(value)),
  ];
}

/** @param {string} name */
const svgName = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The cover drawn from `seed` as a standalone SVG document at `pixelWidth` (height to match),
 * painted with `coverPalette`: what the build step rasterises.
 * @param {string} seed
 * @param {number} [pixelWidth]
 */
export function coverSvg(seed, pixelWidth = width) {
  const elements = coverShapes(seed).map(({ tag, attrs, tone }) => {
    const all = { ...attrs, ...coverPalette[tone] };
    const list = Object.entries(all)
      .map(([name, value]) => `${svgName(name)}="${value}"`)
      .join(' ');
    return `<${tag} ${list}/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${coverHeight(pixelWidth)}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice">${elements.join('')}</svg>`;
}
