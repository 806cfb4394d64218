// Prints, as JSON, Lighthouse's mobile figures (default throttling, cold cache) for each given
// page, measured in Debian's headless Chromium: each page is measured `LIGHTHOUSE_RUNS` times
// (three unless set) and the run with the median performance score is reported, with the
// machine's load average before it and Lighthouse's own benchmarkIndex of the machine. Beside
// the scores: the main thread's work under the 4× slowdown, by kind (script evaluation, style
// and layout, parsing...) and by script.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS } from '../e2e/harness.mjs';

const run = promisify(execFile);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS) || 3;

/** One Lighthouse run of a page, reduced to the figures the bench prints. */
async function measure(url, report) {
  const load = loadavg()[0];
  await run(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, maxBuffer: 64 << 20 },
  );
  const lhr = JSON.parse(await readFile(report, 'utf8'));
  const audit = (id) => lhr.audits[id]?.numericValue ?? 0;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytesOf = (type) =>
    requests
      .filter((r) => r.resourceType === type)
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    scores: Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    metrics: {
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      totalBytes: Math.round(audit('total-byte-weight')),
      fontBytes: bytesOf('Font'),
      scriptBytes: bytesOf('Script'),
      mainThreadMs: Math.round(audit('mainthread-work-breakdown')),
    },
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    scripts: (lhr.audits['bootup-time']?.details?.items ?? []).map((item) => ({
      url: item.url,
      totalMs: Math.round(item.total),
      scriptingMs: Math.round(item.scripting),
    })),
    failed: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    loadAverage: Number(load.toFixed(2)),
  };
}

/**
 * A run again when Lighthouse itself fails to record the page load (it says so, as
 * NO_NAVSTART or NO_FCP, now and then on a loaded machine); a third failure is reported.
 */
async function measureAgain(url, report) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, report);
    } catch (err) {
      if (attempt === 3 || !/Runtime error encountered/.test(String(err.stderr))) throw err;
      process.stderr.write(`lighthouse: ${url}: ${String(err.stderr).trim()}; running it again\n`);
    }
  }
}

const results = [];
const dir = await mkdtemp(join(tmpdir(), 'lighthouse-'));
try {
  for (const url of process.argv.slice(2)) {
    const measured = [];
    for (let i = 0; i < runs; i++) measured.push(await measureAgain(url, join(dir, 'report.json')));
    measured.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = measured[Math.floor((measured.length - 1) / 2)];
    results.push({ url, runs: measured.map((m) => m.scores.performance), ...median });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(results));
