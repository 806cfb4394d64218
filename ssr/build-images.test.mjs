import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { siteImages } from '../web/src/seo/site-images';
import { coverFormats, coverPath, coverWidths } from '../web/src/cover-art.mjs';
import {
  buildCovers,
  buildImages,
  faviconIco,
  lettering,
  listItems,
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

  it('writes every cover file of a set of items, at the widths and heights pages announce', async () => {
    dir = await mkdtemp(join(tmpdir(), 'covers-'));
    const seed = join(dir, 'seed');
    for (const { collection, slug } of [
      { collection: 'news', slug: 'office-opens' },
      { collection: 'vacancies', slug: 'it-auditor-cairo' },
    ]) {
      await mkdir(join(seed, collection), { recursive: true });
      await writeFile(join(seed, collection, `${slug}.json`), '{}');
    }
    await writeFile(join(seed, 'news', 'notes.txt'), 'not an item');
    const items = await listItems(seed);
    expect(items).toEqual([
      { collection: 'news', slug: 'office-opens' },
      { collection: 'vacancies', slug: 'it-auditor-cairo' },
    ]);

    const out = join(dir, 'client');
    const written = await buildCovers(out, items);
    const expected = items.flatMap(({ collection, slug }) =>
      coverWidths.flatMap((width) =>
        coverFormats.map(({ ext }) => ({
          path: join(out, ...coverPath(collection, slug, width, ext).split('/')),
          ext,
          width,
        })),
      ),
    );
    expect(written.toSorted()).toEqual(expected.map(({ path }) => path).toSorted());
    expect(await readdir(join(out, 'assets', 'covers', 'news'))).toHaveLength(6);
    for (const { path, ext, width } of expected) {
      const meta = await sharp(path).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        ext === 'avif' ? 'heif' : 'webp',
        width,
        (width * 9) / 16,
      ]);
    }
  });

  it('finds every seeded content item', async () => {
    const items = await listItems();
    expect(new Set(items.map(({ collection }) => collection))).toEqual(
      new Set(['news', 'blogs', 'publications', 'webinars', 'vacancies']),
    );
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const { slug } of items) expect(slug).toMatch(/^[a-z0-9-]+$/);
  });
});
