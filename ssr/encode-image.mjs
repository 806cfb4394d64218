// Encodes a cover staff uploaded in the back-office into the files pages show: the cover frame
// (16:9) at each of `coverWidths` as AVIF and WebP, and the link-preview picture (1200×630) as
// JPEG, which every crawler reads. Go has already judged the upload by its header (type, size,
// the memory decoding it takes: api/imagecheck); here sharp turns it upright, crops it to the
// frame around what draws the eye, and drops its metadata (sharp keeps none unless asked).
// Pictures are encoded one at a time, in the order they arrive: one picture's memory at most.

/** Widths of the cover frame pages choose from (web/src/components/cover-image.tsx lists the same). */
export const coverWidths = [400, 800, 1200];
/** The cover frame's height for a width: 16:9, as the generated covers (api/cover). */
export const coverHeight = (/** @type {number} */ width) => Math.round((width * 9) / 16);
/** The link-preview picture, the size of the site's own (ssr/build-images.mjs). */
export const previewImage = { name: 'og.jpg', width: 1200, height: 630 };
/** The most pixels sharp will decode: the same bound Go checks the header against, as a backstop. */
export const maxInputPixels = 100_000_000;

/** A picture the decoder could not read: the uploader's fault, not the server's. */
export class RefusedImage extends Error {}

/**
 * @typedef {{ name: string, type: string, data: Buffer }} EncodedImage
 * @typedef {(input: Buffer) => Promise<EncodedImage[]>} CoverEncoder
 */

/**
 * Returns an encoder that runs one encoding at a time, each after the ones before it. sharp is
 * loaded by the first encoding, so a renderer that never encodes never holds libvips.
 * @param {() => Promise<import('sharp').SharpConstructor>} loadSharp
 * @returns {CoverEncoder}
 */
export function createCoverEncoder(loadSharp) {
  /** @type {Promise<import('sharp').SharpConstructor> | undefined} */
  let loaded;
  const sharpOnce = () =>
    (loaded ??= loadSharp().then((sharp) => {
      // libvips' own threads and cache would hold several pictures' memory; one picture at a
      // time is the point of the queue.
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    }));
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  return (input) => {
    const job = queue.then(async () => encodeCover(await sharpOnce(), input));
    queue = job.catch(() => {});
    return job;
  };
}

/**
 * @param {import('sharp').SharpConstructor} sharp
 * @param {Buffer} input
 * @returns {Promise<EncodedImage[]>}
 */
async function encodeCover(sharp, input) {
  // Decode once, upright, into raw pixels every size is made from.
  let decoded;
  try {
    decoded = await sharp(input, { limitInputPixels: maxInputPixels, autoOrient: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new RefusedImage(error instanceof Error ? error.message : String(error));
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  /** @type {EncodedImage[]} */
  const out = [];
  for (const width of coverWidths) {
    const frame = () =>
      sharp(data, raw).resize(width, coverHeight(width), { fit: 'cover', position: 'attention' });
    out.push({
      name: `${width}.avif`,
      type: 'image/avif',
      data: await frame().avif({ quality: 55, effort: 2 }).toBuffer(),
    });
    out.push({
      name: `${width}.webp`,
      type: 'image/webp',
      data: await frame().webp({ quality: 78 }).toBuffer(),
    });
  }
  out.push({
    name: previewImage.name,
    type: 'image/jpeg',
    data: await sharp(data, raw)
      .resize(previewImage.width, previewImage.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  });
  return out;
}
