// Prints, as JSON, the compressed bytes of JavaScript and CSS that each given
// page loads in headless Chromium (after hydration and any lazy chunks).
import { launchBrowser } from '../e2e/harness.mjs';

const urls = process.argv.slice(2);
const browser = await launchBrowser();
const results = [];
try {
  for (const url of urls) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const sizes = { js: 0, css: 0 };
    const pending = [];
    page.on('requestfinished', (req) => {
      const type = req.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        req.sizes().then((s) => {
          sizes[type === 'script' ? 'js' : 'css'] += s.responseBodySize;
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    results.push({ url, jsBytes: sizes.js, cssBytes: sizes.css });
    await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(results));
