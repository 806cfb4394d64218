// Prints, as JSON, the addresses of the scripts and stylesheets each given page
// loads in headless Chromium (after hydration and any lazy chunks), and the text of the
// stylesheets it carries inline.
import { launchBrowser } from '../e2e/harness.mjs';

const urls = process.argv.slice(2);
const browser = await launchBrowser();
const results = [];
try {
  for (const url of urls) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const loaded = { scripts: [], stylesheets: [] };
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') loaded.scripts.push(req.url());
      if (req.resourceType() === 'stylesheet') loaded.stylesheets.push(req.url());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The stylesheets the document carries inline.
    const inlineStyles = await page.$$eval('style', (styles) => styles.map((s) => s.textContent));
    results.push({ url, ...loaded, inlineStyles });
    await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(results));
