// Encodes a cover staff uploaded in the back-office into the files pages show: the cover frame
// (16:9) at each of `coverWidths` as AVIF and WebP, and the link-preview picture (1200×630) as
// JPEG, which every crawler reads. Go has already judged the upload by its header (type, size,
// the memory decoding it takes: api/imagecheck); here sharp turns it upright, crops it to the
// frame around what draws the eye, and drops its metadata (sharp keeps none unless asked).
//
// A decoder's memory is the picture's to decide, so it is never spent in the renderer: each
// picture is encoded by a child process of its own (ssr/encode-child.mjs) under a limit on its
// memory that the kernel enforces, one at a time. A picture that needs more kills only that
// child, and whatever the child took is given back when it exits.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Widths of the cover frame pages choose from (web/shared/ui/cover-image.tsx lists the same). */
export const coverWidths = [400, 800, 1200];
/** The cover frame's height for a width: 16:9, as the generated covers (api/cover). */
export const coverHeight = (/** @type {number} */ width) => Math.round((width * 9) / 16);
/** The link-preview picture, the size of the site's own (ssr/build-images.mjs). */
export const previewImage = { name: 'og.jpg', width: 1200, height: 630 };
/**
 * The most pixels a cover may have: the same budget Go checks the header against
 * (api/admin/covers.go), as a backstop. A 16:9 cover is shown at most 1200 wide (2400 on a
 * dense screen); 40 megapixels is a camera's full frame.
 */
export const maxInputPixels = 40_000_000;
/**
 * The memory one encoding may take, in MiB: the child's private writable memory (RLIMIT_DATA),
 * its thread stacks included; its resident memory also counts the libraries' code, which this
 * does not. The pictures Go lets through were measured at 90 to 170 MiB resident in all, Node and
 * libvips included (`go run ./api/cmd/bench -covers` prints such figures).
 */
export const encoderMemoryMiB = 192;
/** How long one encoding may take before its child is killed; Go gives up after 45 s. */
export const encoderTimeoutMs = 40_000;

/** A picture the decoder could not read: the uploader's fault, not the server's. */
export class RefusedImage extends Error {}
/** A picture with more pixels than the budget, or one that needed more memory than allowed. */
export class OverBudget extends RefusedImage {}
/** An encoding that did not end in time, or was given up: the machine's fault, not the picture's. */
export class EncoderBusy extends Error {}

/**
 * @typedef {{ name: string, type: string, data: Buffer, width?: number, height?: number }} EncodedImage
 *   a file made of the picture, with its pixels when the encoding says them
 * @typedef {{ images: EncodedImage[], peakRSS: number }} Encoding the files, and the most memory
 *   the child held (bytes)
 * @typedef {'cover' | 'library'} Profile what the picture is made into (`encodings`)
 * @typedef {(input: Buffer, signal?: AbortSignal, profile?: Profile) => Promise<Encoding>} CoverEncoder
 * @typedef {{ ok: true, images: { name: string, type: string, data: Uint8Array, width?: number, height?: number }[], peakRSS: number }
 *   | { ok: false, kind: 'refused' | 'overBudget' | 'failed', message: string }} ChildAnswer what
 *   the child sends back
 */

/**
 * The bytes as a Buffer, without copying them: what crosses the IPC channel may arrive as a
 * plain Uint8Array, and a cover can be 15 MB.
 * @param {Uint8Array} bytes
 */
export const asBuffer = (bytes) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Encodes a picture with sharp: refuses it from its header alone when it has more pixels than
 * `maxPixels`; else decodes it once, upright and shrunk while it loads to just cover the largest
 * file made of it, and makes every file from that. Crops are the same at every width. This is
 * what the child runs; it takes far less memory than the picture's full size would.
 * @param {import('sharp').SharpConstructor} sharp
 * @param {Buffer} input
 * @param {number} [maxPixels]
 * @returns {Promise<EncodedImage[]>}
 */
export async function encodeCover(sharp, input, maxPixels = maxInputPixels) {
  const decoded = await decode(sharp, input, maxPixels);
  const raw = /** @param {import('sharp').OutputInfo} info */ (info) => ({
    raw: { width: info.width, height: info.height, channels: info.channels },
  });
  const largest = Math.max(...coverWidths);
  const frame = await sharp(decoded.data, raw(decoded.info))
    .resize(largest, coverHeight(largest), { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  /** @type {EncodedImage[]} */
  const out = [];
  for (const width of coverWidths) {
    const sized = () => sharp(frame.data, raw(frame.info)).resize(width, coverHeight(width));
    out.push({
      name: `${width}.avif`,
      type: 'image/avif',
      data: await sized().avif({ quality: 55, effort: 2 }).toBuffer(),
    });
    out.push({
      name: `${width}.webp`,
      type: 'image/webp',
      data: await sized().webp({ quality: 78 }).toBuffer(),
    });
  }
  out.push({
    name: previewImage.name,
    type: 'image/jpeg',
    data: await sharp(decoded.data, raw(decoded.info))
      .resize(previewImage.width, previewImage.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  });
  return out;
}

/** Widths of a library picture's files, at most the picture's own (web/admin/media lists the same). */
export const libraryWidths = [320, 640, 1024, 1600];
/** The width of a library picture's JPEG, for browsers without AVIF or WebP. */
export const libraryFallbackWidth = 1024;
/**
 * The most pixels the largest file of a library picture has: a long banner or a tall diagram
 * is made narrower than `libraryWidths` says, so no file is larger than a 1600 × 1000 picture.
 */
export const libraryMaxOutputPixels = 1_600_000;

/**
 * The widths a library picture of that size is made at: those of `libraryWidths` it is at least
 * as wide as, and never more pixels than `libraryMaxOutputPixels`; a picture narrower than them
 * all keeps its own width.
 * @param {number} width
 * @param {number} height
 */
export function libraryWidthsFor(width, height) {
  const widest = Math.max(
    1,
    Math.min(width, Math.floor(Math.sqrt((libraryMaxOutputPixels * width) / height))),
  );
  const widths = libraryWidths.filter((w) => w <= widest);
  return widths.length > 0 ? widths : [widest];
}

/**
 * Encodes a picture of the media library with sharp: upright, its whole frame kept (nothing is
 * cropped; its focal point is the pages' to use), as AVIF and WebP at each width of
 * `libraryWidthsFor` and as JPEG at the fallback width (or the widest below it). Each file says
 * its pixels. Like `encodeCover`, it refuses a picture with more pixels than `maxPixels` from its
 * header and decodes the picture once, shrunk while it loads.
 * @param {import('sharp').SharpConstructor} sharp
 * @param {Buffer} input
 * @param {number} [maxPixels]
 * @returns {Promise<EncodedImage[]>}
 */
export async function encodeLibraryImage(sharp, input, maxPixels = maxInputPixels) {
  let header;
  try {
    header = await sharp(input).metadata();
  } catch (error) {
    throw new RefusedImage(messageOf(error));
  }
  const { width = 0, height = 0 } = header;
  if (width * height > maxPixels) {
    throw new OverBudget(`${width} × ${height} pixels, more than ${maxPixels}`);
  }
  if (width === 0 || height === 0) throw new RefusedImage('no pixels');
  const upright = header.autoOrient ?? { width, height };
  const widths = libraryWidthsFor(upright.width, upright.height);
  const widest = Math.max(...widths);
  let decoded;
  try {
    decoded = await sharp(input, { limitInputPixels: maxPixels, autoOrient: true })
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = messageOf(error);
    throw outOfMemory(message) ? new OverBudget(message) : new RefusedImage(message);
  }
  const raw = {
    raw: {
      width: decoded.info.width,
      height: decoded.info.height,
      channels: decoded.info.channels,
    },
  };
  const sized = (/** @type {number} */ w) => sharp(decoded.data, raw).resize({ width: w });
  const heightOf = (/** @type {number} */ w) =>
    Math.max(1, Math.round((w * decoded.info.height) / decoded.info.width));
  /** @type {EncodedImage[]} */
  const out = [];
  for (const w of widths) {
    const h = heightOf(w);
    out.push({
      name: `${w}.avif`,
      type: 'image/avif',
      width: w,
      height: h,
      data: await sized(w).avif({ quality: 55, effort: 2 }).toBuffer(),
    });
    out.push({
      name: `${w}.webp`,
      type: 'image/webp',
      width: w,
      height: h,
      data: await sized(w).webp({ quality: 78 }).toBuffer(),
    });
  }
  const fallback = Math.max(
    ...widths.filter((w) => w <= libraryFallbackWidth),
    Math.min(...widths),
  );
  out.push({
    name: `${fallback}.jpg`,
    type: 'image/jpeg',
    width: fallback,
    height: heightOf(fallback),
    data: await sized(fallback)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  });
  return out;
}

/** What an encoder makes of a picture: a cover's frame, or a library picture's whole frame. */
export const encodings = { cover: encodeCover, library: encodeLibraryImage };

/**
 * The most a picture's sides may differ before it is cut to a band of that shape around its
 * centre: a cover is cut from it at 16:9 anyway, and the picture shrunk to cover the largest file
 * stays under 6 megapixels however long the picture is.
 */
const maxSideRatio = 4;

/**
 * The picture upright, as raw pixels just large enough to cover every file made of it. libvips
 * shrinks a JPEG or WebP while decoding it and streams a PNG through the resize a band of lines at
 * a time, so the full-size picture is never held (an interlaced PNG, a progressive JPEG and an
 * AVIF are held whole by their decoders: Go's header check bounds those).
 * @param {import('sharp').SharpConstructor} sharp
 * @param {Buffer} input
 * @param {number} maxPixels
 */
async function decode(sharp, input, maxPixels) {
  let header;
  try {
    header = await sharp(input).metadata();
  } catch (error) {
    throw new RefusedImage(messageOf(error));
  }
  const { width = 0, height = 0 } = header;
  if (width * height > maxPixels) {
    throw new OverBudget(`${width} × ${height} pixels, more than ${maxPixels}`);
  }
  const upright = header.autoOrient ?? { width, height };
  const ratio = upright.width / upright.height;
  const largest = Math.max(...coverWidths, previewImage.width);
  const tallest = Math.max(coverHeight(Math.max(...coverWidths)), previewImage.height);
  /** @type {import('sharp').ResizeOptions} */
  const box =
    ratio > maxSideRatio
      ? { width: tallest * maxSideRatio, height: tallest, fit: 'cover' }
      : ratio < 1 / maxSideRatio
        ? { width: largest, height: largest * maxSideRatio, fit: 'cover' }
        : { width: largest, height: tallest, fit: 'outside' };
  try {
    return await sharp(input, { limitInputPixels: maxPixels, autoOrient: true })
      .resize(box)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = messageOf(error);
    throw outOfMemory(message) ? new OverBudget(message) : new RefusedImage(message);
  }
}

/**
 * Whether libvips, an encoder or V8 said it was refused memory. libheif reports an AV1 encoder
 * refused memory only as its plugin's error, once the picture has decoded: under the child's
 * limit, the picture's size is what it ran out on. A thread's stack counts against the limit too,
 * so glib's "Error creating thread: Resource temporarily unavailable" is memory refused as well.
 * @param {string} message
 */
export const outOfMemory = (message) =>
  /out of memory|alloc|encoder plugin generated an error|aom error|error creating thread/i.test(
    message,
  );

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

const childScript = fileURLToPath(new URL('./encode-child.mjs', import.meta.url));

/**
 * @typedef {{
 *   memoryMiB?: number,
 *   timeoutMs?: number,
 *   maxPixels?: number,
 *   nodeBin?: string,
 *   started?: (child: import('node:child_process').ChildProcess) => void,
 * }} CoverEncoderOptions
 */

/**
 * Returns an encoder that encodes each picture in a child process of its own, one at a time, in
 * the order they arrive: one picture's memory at most, and never the renderer's. A child that is
 * killed by its memory limit (or dies any other way) refuses its picture as over budget; the
 * renderer and the pictures after it go on. `started` sees each child as it starts.
 * @param {CoverEncoderOptions} [options]
 * @returns {CoverEncoder}
 */
export function createCoverEncoder({
  memoryMiB = encoderMemoryMiB,
  timeoutMs = encoderTimeoutMs,
  maxPixels = maxInputPixels,
  nodeBin = process.execPath,
  started = () => {},
} = {}) {
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  return (input, signal, profile = 'cover') => {
    const job = queue.then(() => {
      if (signal?.aborted) throw new EncoderBusy('given up before it started');
      return runChild({
        input,
        profile,
        memoryMiB,
        timeoutMs,
        maxPixels,
        nodeBin,
        started,
        signal,
      });
    });
    queue = job.catch(() => {});
    return job;
  };
}

/**
 * Encodes one picture in a new child under `ulimit -d`: the kernel refuses the child any private
 * memory past the limit, so a decoder that wants more fails there or kills its process. V8 runs
 * without its compiler (--jitless): its code range alone would reserve far more than the limit,
 * and the child runs little JavaScript.
 * @param {Required<Omit<CoverEncoderOptions, 'started'>> & {
 *   input: Buffer,
 *   profile: Profile,
 *   started: NonNullable<CoverEncoderOptions['started']>,
 *   signal?: AbortSignal,
 * }} job
 * @returns {Promise<Encoding>}
 */
function runChild({ input, profile, memoryMiB, timeoutMs, maxPixels, nodeBin, started, signal }) {
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'ulimit -d "$1" && shift && exec "$@"',
      'sh',
      String(memoryMiB * 1024),
      nodeBin,
      '--jitless',
      '--max-old-space-size=32',
      '--max-semi-space-size=1',
      '--v8-pool-size=1',
      childScript,
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // One thread for sharp's work, one malloc arena: each thread's stack and arena counts
      // against the limit, and the work is one picture's, in order.
      env: {
        ...process.env,
        UV_THREADPOOL_SIZE: '1',
        MALLOC_ARENA_MAX: '1',
      },
    },
  );
  started(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk) => {
    if (stderr.length < 4096) stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    /** @type {ChildAnswer | undefined} */
    let answer;
    /** @type {Error | undefined} */
    let givenUp;
    const stop = (/** @type {Error} */ reason) => {
      givenUp ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new EncoderBusy(`no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onAbort = () => stop(new EncoderBusy('given up'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (/** @type {ChildAnswer} */ message) => {
      answer = message;
    });
    // A child that dies before it reads the picture (killed, out of memory) makes the send fail
    // with EPIPE; its exit, not the pipe, says why, so the failed send only makes sure it is gone.
    child.once('spawn', () =>
      child.send({ input, maxPixels, profile }, (error) => {
        if (error) child.kill('SIGKILL');
      }),
    );
    child.once('error', (error) => stop(error));
    child.once('close', (code, signalName) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (givenUp) return reject(givenUp);
      if (answer?.ok) {
        const images = answer.images.map(({ data, ...file }) => ({
          ...file,
          data: asBuffer(data),
        }));
        return resolve({ images, peakRSS: answer.peakRSS });
      }
      if (answer?.kind === 'refused') return reject(new RefusedImage(answer.message));
      if (answer?.kind === 'overBudget') return reject(new OverBudget(answer.message));
      if (answer?.kind === 'failed') return reject(new Error(answer.message));
      // No answer. Killed by a signal or out of memory: V8 and glib abort when memory is refused,
      // and a decoder that crashes on a picture crashed on that picture. Anything else (no Node
      // to start, say) is the server's fault.
      const how = signalName ? `signal ${signalName}` : `exit code ${code}`;
      const said =
        stderr
          .trim()
          .split('\n')
          .find((line) => /memory|error/i.test(line)) ?? '';
      const stopped = `the encoder stopped (${how}) ${said}`.trim();
      reject(
        signalName || /memory/i.test(said) || outOfMemory(said)
          ? new OverBudget(stopped)
          : new Error(stopped),
      );
    });
  });
}
