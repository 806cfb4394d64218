// Draws the site's link-preview picture (1200×630) and its square logo as SVG and rasterises
// them into the client build, since crawlers and search engines do not accept SVG. The lettering
// is drawn with strokes rather than a font, so the pictures come out the same on a machine with
// no fonts installed (such as the slim Node image the production build runs in). Pages' covers
// are not built here: the server draws them (api/cover).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** File names under dist/client; web/site/seo/site-images.ts links the same ones. */
export const socialImage = { file: 'og-default.png', width: 1200, height: 630 };
export const logoImage = { file: 'logo.png', width: 512, height: 512 };
/** The icon browsers ask for at /favicon.ico whatever the page links: web/public/favicon.svg. */
export const faviconIco = { file: 'favicon.ico', sizes: [16, 32, 48] };

const navy = '#0b3a66';
const navyDeep = '#0a2540';
const teal = '#6fdccf';
const beam = '#2fb5a8';

/**
 * Capital letters drawn on a 100-unit cap height, as stroke paths with their advance widths.
 * Only the letters the pictures use are drawn.
 * @type {Record<string, [number, string]>}
 */
const glyphs = {
  A: [86, 'M6 100 43 0l37 100M19 66h48'],
  C: [84, 'M77 19.6A41 43 0 1 0 77 80.4'],
  D: [84, 'M9 0h25c28 0 44 20 44 50s-16 50-44 50H9Z'],
  E: [64, 'M58 0H9v100h49M9 50h41'],
  F: [60, 'M9 100V0h47M9 48h39'],
  I: [22, 'M11 0v100'],
  L: [62, 'M9 0v100h49'],
  M: [100, 'M9 100V0l41 70 41-70v100'],
  N: [76, 'M8 100V0l60 100V0'],
  O: [96, 'M7 50a41 43 0 1 1 82 0 41 43 0 1 1-82 0Z'],
  P: [70, 'M9 100V0h29a27 27 0 0 1 0 54H9'],
  R: [74, 'M9 100V0h31a26 26 0 0 1 0 52H9m29 0 30 48'],
  S: [
    70,
    'M62 14C55 4 45 0 35 0 18 0 8 10 8 25c0 17 14 22 28 26 16 4 28 10 28 25 0 15-12 24-29 24-13 0-24-6-29-16',
  ],
  T: [72, 'M4 0h64M36 0v100'],
  U: [78, 'M9 0v62a30 38 0 0 0 60 0V0'],
  V: [84, 'M6 0l36 100L78 0'],
  Y: [80, 'M6 0l34 50L74 0M40 50v50'],
  '·': [40, 'M20 50h.01'],
  ' ': [36, ''],
};

/**
 * A line of capitals as SVG: `size` is the cap height in pixels, `weight` the stroke width in
 * glyph units, `tracking` the extra space between letters in glyph units.
 * @param {string} text
 * @param {{ x: number, y: number, size: number, weight: number, tracking: number, colour: string }} style
 */
export function lettering(text, { x, y, size, weight, tracking, colour }) {
  const scale = size / 100;
  let advance = 0;
  const paths = [];
  for (const char of text.toUpperCase()) {
    const glyph = glyphs[char];
    if (!glyph) throw new Error(`no glyph for ${JSON.stringify(char)}`);
    const [width, d] = glyph;
    if (d) paths.push(`<path transform="translate(${advance} 0)" d="${d}"/>`);
    advance += width + tracking;
  }
  return {
    width: (advance - tracking) * scale,
    svg: `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${colour}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>`,
  };
}

/**
 * The Noorvale shield (the favicon's mark) at a position and size in pixels.
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {{ body: string, letter: string, light: string }} colours
 */
function shield(x, y, size, { body, letter, light }) {
  return `<g transform="translate(${x} ${y}) scale(${size / 40})">
<path d="M20 2.5 34.5 8v11.2c0 9-6 15.8-14.5 18.3C11.5 35 5.5 28.2 5.5 19.2V8Z" fill="${body}"/>
<path d="M13.5 27.5V13.5l13 14V13.5" fill="none" stroke="${letter}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M8.5 9.8 20 5.6l11.5 4.2" fill="none" stroke="${light}" stroke-width="1.6"/>
</g>`;
}

/** The link-preview picture: mark, name and practice on the navy of the brand. */
export function socialImageSvg() {
  const { width, height } = socialImage;
  const name = lettering('Noorvale', {
    x: 300,
    y: 208,
    size: 92,
    weight: 15,
    tracking: 14,
    colour: '#ffffff',
  });
  const firm = lettering('Assurance', {
    x: 304,
    y: 332,
    size: 34,
    weight: 11,
    tracking: 58,
    colour: teal,
  });
  const practice = lettering('Information security · Compliance · Audit', {
    x: 96,
    y: 486,
    size: 22,
    weight: 10,
    tracking: 34,
    colour: '#c7d5e4',
  });
  const outlines = [320, 236, 152]
    .map((size, index) => {
      const s = size / 40;
      return `<path transform="translate(${1110 - size / 2} ${300 - size / 2}) scale(${s})" d="M20 2.5 34.5 8v11.2c0 9-6 15.8-14.5 18.3C11.5 35 5.5 28.2 5.5 19.2V8Z" fill="none" stroke="#ffffff" stroke-opacity="${0.05 + index * 0.03}" stroke-width="${1.5 / s}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${navyDeep}"/><stop offset="1" stop-color="${navy}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#ground)"/>
${outlines}
<path d="M0 576H${width}M0 600H${width}" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2" stroke-dasharray="2 12"/>
${shield(96, 150, 176, { body: '#e6edf5', letter: navy, light: teal })}
${name.svg}
${firm.svg}
<rect x="96" y="430" width="72" height="4" rx="2" fill="${teal}"/>
${practice.svg}
</svg>`;
}

/** The square logo search engines show: the mark on white with room around it. */
export function logoSvg() {
  const { width, height } = logoImage;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#ffffff"/>
${shield(56, 56, 400, { body: navy, letter: '#ffffff', light: beam })}
</svg>`;
}

/**
 * An ICO file holding PNG images (one per size, largest last), the form every browser reads.
 * @param {{ size: number, png: Buffer }[]} images
 */
export function icoFile(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

/**
 * Writes both pictures and favicon.ico into `dir` (the client build); returns the paths written.
 * @param {string} dir
 */
export async function buildImages(dir) {
  const { default: sharp } = await import('sharp');
  await mkdir(dir, { recursive: true });
  const written = [];
  for (const { image, svg } of [
    { image: socialImage, svg: socialImageSvg() },
    { image: logoImage, svg: logoSvg() },
  ]) {
    const png = await sharp(Buffer.from(svg))
      .resize(image.width, image.height)
      .png({ compressionLevel: 9, palette: true, quality: 90 })
      .toBuffer();
    const path = join(dir, image.file);
    await writeFile(path, png);
    written.push(path);
  }
  const favicon = await readFile(new URL('../web/public/favicon.svg', import.meta.url));
  const icons = [];
  for (const size of faviconIco.sizes) {
    const png = await sharp(favicon, { density: 72 * (size / 40) * 4 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    icons.push({ size, png });
  }
  const icoPath = join(dir, faviconIco.file);
  await writeFile(icoPath, icoFile(icons));
  written.push(icoPath);
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = resolve(process.argv[2] ?? join(process.env.DIST_DIR ?? 'dist', 'client'));
  const written = await buildImages(dir);
  process.stdout.write(`wrote ${written.join(', ')}\n`);
}
