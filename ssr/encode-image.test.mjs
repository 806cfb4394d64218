import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeLibraryImage,
  libraryWidthsFor,
  coverHeight,
  coverWidths,
  createCoverEncoder,
  encodeCover,
  maxInputPixels,
  OverBudget,
  outOfMemory,
  previewImage,
  RefusedImage,
} from './encode-image.mjs';

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

/**
 * A PNG whose header claims width × height 8-bit RGB pixels, and no picture after it: what the
 * header says is all a refusal from the header may read.
 * @param {number} width @param {number} height
 */
function claimingPNG(width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 2; // RGB
  const chunk = (/** @type {string} */ kind, /** @type {Buffer} */ body) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(kind, 'latin1'), body, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(16)),
  ]);
}

/** @param {{ name: string, type: string, data: Buffer }[]} images */
async function expectCoverFiles(images) {
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
}

// Real encodings take seconds each, more on a busy machine.
describe('outOfMemory', () => {
  it('knows memory refused in every way the decoders and glib say it', () => {
    for (const said of [
      'VipsJpeg: out of memory',
      'Allocation failed - JavaScript heap out of memory',
      'heif: encoder plugin generated an error',
      'glib: Error creating thread: Resource temporarily unavailable',
    ]) {
      expect(outOfMemory(said), said).toBe(true);
    }
    expect(outOfMemory('Input buffer contains unsupported image format')).toBe(false);
  });
});

describe('encodeCover', () => {
  it.each([
    ['JPEG', (/** @type {import('sharp').Sharp} */ s) => s.jpeg()],
    ['PNG with transparency', (/** @type {import('sharp').Sharp} */ s) => s.ensureAlpha(0.5).png()],
    ['WebP', (/** @type {import('sharp').Sharp} */ s) => s.webp()],
    ['AVIF', (/** @type {import('sharp').Sharp} */ s) => s.avif({ effort: 0 })],
  ])('turns a %s into the cover widths as AVIF and WebP and a JPEG preview', async (_, format) => {
    await expectCoverFiles(await encodeCover(sharp, await picture(1600, 1200, format)));
  });

  it('turns a picture upright before cropping it', async () => {
    // Stored 1200 wide and 1600 high, to be shown turned a quarter: 1600 wide once upright.
    const sideways = await sharp(await picture(1200, 1600, (s) => s.jpeg()))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const images = await encodeCover(sharp, sideways);
    const largest = images.find((image) => image.name === '1200.webp');
    expect(largest).toBeDefined();
    const meta = await sharp(/** @type {Buffer} */ (largest?.data)).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([1200, 675, undefined]);
  });

  it('makes a cover of a picture far longer than it is wide', async () => {
    await expectCoverFiles(await encodeCover(sharp, await picture(700, 9000, (s) => s.png())));
  });

  it('refuses what its decoder cannot read', async () => {
    const broken = (await picture(1600, 900, (s) => s.jpeg())).subarray(0, 300);
    await expect(encodeCover(sharp, broken)).rejects.toBeInstanceOf(RefusedImage);
  });

  it('refuses a picture over the pixel budget from its header alone', async () => {
    // 48 megapixels: within what the decoder would take, over what a cover needs.
    const claimed = encodeCover(sharp, claimingPNG(8000, 6000));
    await expect(claimed).rejects.toBeInstanceOf(OverBudget);
    await expect(claimed).rejects.toThrow(`8000 × 6000 pixels, more than ${maxInputPixels}`);
  });
});

describe('createCoverEncoder', () => {
  /** A 36-megapixel PNG: 104 MB of pixels once decoded whole. */
  let large = Buffer.alloc(0);
  beforeAll(async () => {
    large = await sharp({
      create: { width: 8000, height: 4500, channels: 3, background: '#0b3a66' },
    })
      .composite([{ input: await picture(1600, 900, (s) => s.png()), top: 1200, left: 4000 }])
      .png({ compressionLevel: 1 })
      .toBuffer();
  }, 120_000);

  it('encodes in a child process, and says how much memory it took', async () => {
    const { images, peakRSS } = await createCoverEncoder()(
      await picture(1600, 900, (s) => s.jpeg()),
    );
    await expectCoverFiles(images);
    expect(peakRSS).toBeGreaterThan(0);
  });

  it('decodes a large picture in less memory than its pixels take', async () => {
    // The child may hold 160 MiB, Node and libvips included: a whole decode cannot fit.
    const { images, peakRSS } = await createCoverEncoder({ memoryMiB: 160 })(large);
    await expectCoverFiles(images);
    expect(peakRSS).toBeLessThan(160 * 1048576);
  });

  it('refuses a picture its child runs out of memory for, and goes on', async () => {
    const encode = createCoverEncoder({ memoryMiB: 96 });
    const [refused] = await Promise.allSettled([encode(large)]);
    expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(OverBudget);
    const next = await createCoverEncoder()(await picture(1600, 900, (s) => s.webp()));
    expect(next.images).toHaveLength(7);
  });

  it('refuses a picture over the pixel budget before decoding it', async () => {
    await expect(createCoverEncoder()(claimingPNG(10000, 10000))).rejects.toBeInstanceOf(
      OverBudget,
    );
  });

  it('refuses what its decoder cannot read, and goes on with the next picture', async () => {
    const encode = createCoverEncoder();
    const broken = (await picture(1600, 900, (s) => s.jpeg())).subarray(0, 300);
    const [refused, next] = await Promise.allSettled([
      encode(broken),
      encode(await picture(1600, 900, (s) => s.png())),
    ]);
    expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(RefusedImage);
    expect(refused.status === 'rejected' && refused.reason).not.toBeInstanceOf(OverBudget);
    expect(next.status).toBe('fulfilled');
  });

  it('survives a child that dies, and encodes the next picture', async () => {
    let first = true;
    const encode = createCoverEncoder({
      started: (child) => {
        if (first) child.kill('SIGKILL');
        first = false;
      },
    });
    const input = await picture(1600, 900, (s) => s.jpeg());
    const [died, next] = await Promise.allSettled([encode(input), encode(input)]);
    expect(died.status === 'rejected' && died.reason).toBeInstanceOf(OverBudget);
    expect(died.status === 'rejected' && String(died.reason.message)).toContain('SIGKILL');
    expect(next.status).toBe('fulfilled');
  });

  it('encodes one picture at a time, in the order they came', async () => {
    let running = 0;
    let most = 0;
    /** @type {number[]} */
    const order = [];
    const encode = createCoverEncoder({
      started: (child) => {
        running += 1;
        most = Math.max(most, running);
        child.once('exit', () => (running -= 1));
      },
    });
    const inputs = [1300, 1400, 1500].map((width) => picture(width, 800, (s) => s.jpeg()));
    await Promise.all(
      (await Promise.all(inputs)).map((input, index) =>
        encode(input).then(() => order.push(index)),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2]);
  });

  it('gives up a picture whose uploader has gone before it starts', async () => {
    const gone = new AbortController();
    gone.abort();
    let started = 0;
    const encode = createCoverEncoder({ started: () => (started += 1) });
    await expect(encode(await picture(1600, 900, (s) => s.jpeg()), gone.signal)).rejects.toThrow(
      'given up',
    );
    expect(started).toBe(0);
  });
});

describe('encodeLibraryImage', () => {
  it("keeps the whole frame at each width up to the picture's own, with a JPEG", async () => {
    const images = await encodeLibraryImage(sharp, await picture(1200, 800, (s) => s.png()));
    expect(images.map((i) => i.name)).toEqual([
      '320.avif',
      '320.webp',
      '640.avif',
      '640.webp',
      '1024.avif',
      '1024.webp',
      '1024.jpg',
    ]);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      expect(Math.abs((meta.width ?? 0) / (meta.height ?? 1) - 1.5)).toBeLessThan(0.01);
    }
  });

  it('makes a long picture narrower rather than large', () => {
    expect(libraryWidthsFor(200, 100)).toEqual([200]);
    expect(libraryWidthsFor(1000, 20000)).toEqual([282]);
    expect(Math.max(...libraryWidthsFor(4000, 3000))).toBe(1024);
  });

  it('refuses a picture over the pixel budget from its header', async () => {
    await expect(encodeLibraryImage(sharp, claimingPNG(10000, 10000))).rejects.toBeInstanceOf(
      OverBudget,
    );
  });
});
