import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { siteImages } from '../web/src/seo/site-images';
import {
  buildImages,
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
    expect(written).toEqual([join(dir, socialImage.file), join(dir, logoImage.file)]);
    const social = await sharp(written[0]).metadata();
    expect([social.format, social.width, social.height]).toEqual([
      'png',
      siteImages.social.width,
      siteImages.social.height,
    ]);
    const logo = await sharp(written[1]).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(['png', 512, 512]);
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
