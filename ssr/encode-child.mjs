// One cover's encoding, in a process of its own (started by ssr/encode-image.mjs under a memory
// limit): it receives { input, maxPixels, profile } over its IPC channel, answers once and exits, so
// whatever libvips took goes back to the system with it.
import { readFileSync, writeFileSync } from 'node:fs';
import { asBuffer, encodings, OverBudget, outOfMemory, RefusedImage } from './encode-image.mjs';

/** @param {import('./encode-image.mjs').ChildAnswer} answer */
function answer(answer) {
  process.send?.(answer, () => process.disconnect());
}

// Should the pod run short of memory all the same, the kernel kills this process first: the
// renderer and the server go on.
try {
  writeFileSync('/proc/self/oom_score_adj', '1000');
} catch {
  // Not Linux, or no /proc: the limit above is what counts.
}

/**
 * The most memory this process has held, in bytes: its VmHWM. getrusage's maxRSS would count the
 * renderer's memory too, which the process forked from has before it became this one.
 */
function peakRSS() {
  try {
    const kib = /^VmHWM:\s*(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib) return Number(kib) * 1024;
  } catch {
    // No /proc: getrusage's figure, an overstatement, is better than none.
  }
  return process.resourceUsage().maxRSS * 1024;
}

process.once(
  'message',
  async (
    /** @type {{ input: Uint8Array, maxPixels: number, profile?: import('./encode-image.mjs').Profile }} */ job,
  ) => {
    try {
      const sharp = (await import('sharp')).default;
      // libvips' cache would keep what the next picture can never use; one thread is enough for
      // one picture, and each thread's stack counts against the limit.
      sharp.cache(false);
      sharp.concurrency(1);
      const encode = job.profile === 'library' ? encodings.library : encodings.cover;
      const images = await encode(sharp, asBuffer(job.input), job.maxPixels);
      answer({ ok: true, images, peakRSS: peakRSS() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An encoder refused memory after the picture was decoded is still the picture's doing.
      const kind =
        error instanceof OverBudget || outOfMemory(message)
          ? 'overBudget'
          : error instanceof RefusedImage
            ? 'refused'
            : 'failed';
      answer({ ok: false, kind, message });
    }
  },
);
// The renderer went away: nobody is waiting for the answer.
process.once('disconnect', () => process.exit(0));
