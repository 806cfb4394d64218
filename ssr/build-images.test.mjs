import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { siteImages } from '../web/site/seo/site-images';
import {
  buildImages,
  faviconIco,
  lettering,
  logoImage,
  logoSvg,
  socialImage,
  socialImageSvg,
} from './build-images.mjs';

/** @type {string | undefined} */
let dir;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('build images', () => {
  it('writes the files the pages link, at the sizes they announce', async () => {
    expect(`/${socialImage.file}`).toBe(siteImages.social.path);
    expect(`/${logoImage.file}`).toBe(siteImages.logo.path);
    dir = await mkdtemp(join(tmpdir(), 'images-'));
    const written = await buildImages(dir);
    expect(written).toEqual([
      join(dir, socialImage.file),
      join(dir, logoImage.file),
      join(dir, faviconIco.file),
    ]);
    const social = await sharp(written[0]).metadata();
    expect([social.format, social.width, social.height]).toEqual([
      'png',
      siteImages.social.width,
      siteImages.social.height,
    ]);
    const logo = await sharp(written[1]).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(['png', 512, 512]);
    // favicon.ico: an icon directory whose entries are PNGs of the announced sizes.
    const ico = await readFile(join(dir, faviconIco.file));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([
      0,
      1,
      faviconIco.sizes.length,
    ]);
    for (const [i, size] of faviconIco.sizes.entries()) {
      const entry = 6 + 16 * i;
      expect(ico.readUInt8(entry)).toBe(size);
      const start = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(start, start + ico.readUInt32LE(entry + 8));
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('draws its lettering without fonts', () => {
    for (const svg of [socialImageSvg(), logoSvg()]) {
      expect(svg).not.toMatch(/<text|font-family/);
    }
    expect(() =>
      lettering('Noorvale?', { x: 0, y: 0, size: 10, weight: 1, tracking: 0, colour: '#fff' }),
    ).toThrow(/no glyph/);
  });
});
