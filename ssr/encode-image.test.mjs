import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  coverHeight,
  coverWidths,
  createCoverEncoder,
  previewImage,
  RefusedImage,
} from './encode-image.mjs';

const encode = createCoverEncoder(async () => sharp);

/**
 * A picture with something in it: a gradient with a bright disc off centre, so the crop has
 * somewhere to look and the encoders something to compress.
 * @param {number} width @param {number} height @param {(s: import('sharp').Sharp) => import('sharp').Sharp} format
 */
async function picture(width, height, format) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g"><stop offset="0" stop-color="#0b3a66"/><stop offset="1" stop-color="#6fdccf"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height / 5}" fill="#ffd25e"/></svg>`;
  return format(sharp(Buffer.from(svg))).toBuffer();
}

// Real encodings take seconds each, more on a busy machine.
describe('encodeCover', { timeout: 120_000 }, () => {
  it.each([
    ['JPEG', (/** @type {import('sharp').Sharp} */ s) => s.jpeg()],
    ['PNG with transparency', (/** @type {import('sharp').Sharp} */ s) => s.ensureAlpha(0.5).png()],
    ['WebP', (/** @type {import('sharp').Sharp} */ s) => s.webp()],
    ['AVIF', (/** @type {import('sharp').Sharp} */ s) => s.avif({ effort: 0 })],
  ])('turns a %s into the cover widths as AVIF and WebP and a JPEG preview', async (_, format) => {
    const images = await encode(await picture(1600, 1200, format));
    expect(images.map((image) => image.name)).toEqual([
      ...coverWidths.flatMap((width) => [`${width}.avif`, `${width}.webp`]),
      previewImage.name,
    ]);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      const [name, extension] = image.name.split('.');
      if (extension === 'jpg') {
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
        expect(image.type).toBe('image/jpeg');
        continue;
      }
      const width = Number(name);
      expect([meta.width, meta.height]).toEqual([width, coverHeight(width)]);
      expect(meta.format).toBe(extension === 'avif' ? 'heif' : 'webp');
      if (extension === 'avif') expect(meta.compression).toBe('av1');
      expect(image.type).toBe(`image/${extension}`);
      // No metadata travels: no EXIF, no ICC profile, no XMP.
      expect(meta.exif ?? meta.xmp ?? meta.icc).toBeUndefined();
    }
  });

  it('turns a picture upright before cropping it', async () => {
    // Stored 1200 wide and 1600 high, to be shown turned a quarter: 1600 wide once upright.
    const sideways = await sharp(await picture(1200, 1600, (s) => s.jpeg()))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const images = await encode(sideways);
    const largest = images.find((image) => image.name === '1200.webp');
    expect(largest).toBeDefined();
    const meta = await sharp(/** @type {Buffer} */ (largest?.data)).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([1200, 675, undefined]);
  });

  it('refuses what its decoder cannot read, and goes on with the next picture', async () => {
    const broken = (await picture(1600, 900, (s) => s.jpeg())).subarray(0, 300);
    const [refused, next] = await Promise.allSettled([
      encode(broken),
      encode(await picture(1600, 900, (s) => s.png())),
    ]);
    expect(refused.status).toBe('rejected');
    expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(RefusedImage);
    expect(next.status).toBe('fulfilled');
  });

  it('encodes one picture at a time, in the order they came', async () => {
    /** @type {string[]} */
    const events = [];
    let running = 0;
    const watched = createCoverEncoder(async () => {
      /** @type {any} */
      const spy = (/** @type {any[]} */ ...args) => {
        const image = sharp(...args);
        const toBuffer = image.toBuffer.bind(image);
        image.toBuffer = /** @type {any} */ (
          async (/** @type {any} */ options) => {
            running += 1;
            events.push(`running ${running}`);
            try {
              return await toBuffer(options);
            } finally {
              running -= 1;
            }
          }
        );
        return image;
      };
      spy.cache = sharp.cache;
      spy.concurrency = sharp.concurrency;
      return spy;
    });
    const input = await picture(1300, 800, (s) => s.jpeg());
    await Promise.all([watched(input), watched(input), watched(input)]);
    expect(events.length).toBeGreaterThan(3);
    expect(events.every((event) => event === 'running 1')).toBe(true);
  });
});
