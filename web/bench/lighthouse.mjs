// Prints, as JSON, Lighthouse's mobile scores (performance, accessibility, best practices, SEO)
// for each given page, measured in Debian's headless Chromium.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS } from '../e2e/harness.mjs';

const run = promisify(execFile);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const results = [];
const dir = await mkdtemp(join(tmpdir(), 'lighthouse-'));
try {
  for (const url of process.argv.slice(2)) {
    const report = join(dir, 'report.json');
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
    const scores = Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const metrics = {
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    };
    results.push({ url, scores, metrics, failed });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(results));
