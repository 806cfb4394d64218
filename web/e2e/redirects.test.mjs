// The redirects manager in a real browser against a real server: an editor adds a redirect from
// an old address of the previous website (301) and a temporary one (302), sees a live page
// refused as an old address, imports a CSV file and reads its report line by line, checks the
// screen in both languages and themes at desktop and phone widths, and deletes a redirect. The
// public site answers each redirect with its status in every language, and 404 once deleted.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { until, useSiteAndBrowser } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';

const site = useSiteAndBrowser({ host: 'localhost' });
// Screenshots go to SHOTS_DIR when it is set.
const SHOTS = process.env.SHOTS_DIR;

/** The status and Location of a public address, not followed. */
async function answer(path) {
  const res = await fetch(site.server.baseUrl + path, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

/** Waits until the public address answers the status (replicas read the change on their next pass). */
function answers(path, status, location) {
  return until(async () => {
    const a = await answer(path);
    return a.status === status && (location === undefined || a.location === location);
  });
}

describe('the redirects manager', () => {
  test('an editor adds, imports and deletes redirects, and the site answers them', async () => {
    const editor = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Aziz',
      role: 'editor',
      allowApiStatuses: [400, 401, 403, 404],
    });
    const { page } = editor;
    const pentest = '/services/cybersecurity-services/penetration-testing';
    try {
      await page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Redirects' })
        .click();
      await page.getByRole('heading', { name: 'Redirects', level: 1 }).waitFor();
      const form = page.locator('[data-add-redirect]');
      const add = async (from, to) => {
        await form.getByLabel('Old address').fill(from);
        await form.getByLabel('Leads to').fill(to);
        await form.getByRole('button', { name: 'Add redirect' }).click();
      };

      // An address of the old website, pasted whole: 301 in every language.
      await add('https://www.old-noorvale.example/services/pentest.html', pentest);
      await page.getByText('Redirect added.').waitFor();
      await page.locator('[data-redirect="/services/pentest.html"] [data-status="301"]').waitFor();
      await answers('/services/pentest.html', 301, pentest);
      await answers('/ar/services/pentest.html', 301, `/ar${pentest}`);

      // A temporary one.
      await form.getByLabel('302: moved for now').check();
      await add('/spring-offer', '/about-us');
      await page.locator('[data-redirect="/spring-offer"] [data-status="302"]').waitFor();
      await answers('/spring-offer', 302, '/about-us');
      await answers('/fr/spring-offer', 302, '/fr/about-us');

      // A live page never becomes an old address; an editor may not lead out of the site.
      await add('/about-us', pentest);
      await form.getByText('This address is a page of the site.').waitFor();
      await add('/partner', 'https://partner.example/');
      await form.getByText('Only administrators may send visitors to another website.').waitFor();

      // A CSV file of old addresses, with a report of each line.
      const csv = [
        'from,to,status',
        '/iso27001.php,/compliance/iso-standards/iso-27001',
        '/about.html,/about-us,302',
        '/contact.html,/nowhere',
      ].join('\n');
      await page.getByLabel('CSV file').setInputFiles({
        name: 'old-site.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('2 of 3 lines added.').waitFor();
      const report = page.getByRole('list', { name: 'Import report' });
      await report.locator('[data-line="2"][data-added="true"]').waitFor();
      await report
        .locator('[data-line="4"][data-added="false"]')
        .getByText('No page of the site')
        .waitFor();
      await answers('/about.html', 302, '/about-us');

      // Search by the new address.
      await page.getByRole('searchbox', { name: 'Search old or new addresses' }).fill('iso-27001');
      await page.locator('[data-redirect="/iso27001.php"]').waitFor();
      await until(async () => (await page.locator('[data-redirect]').count()) === 1);
      await page.getByRole('searchbox', { name: 'Search old or new addresses' }).fill('');
      await until(async () => (await page.locator('[data-redirect]').count()) === 4);

      // The screen in each language, theme and width.
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      await noAxeViolations(page, 'redirects, English, light');
      for (const lang of ['en', 'ar']) {
        if (lang === 'ar') {
          await page.locator('button[lang="ar"]').click();
          await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
          await page.getByRole('heading', { name: 'إعادات التوجيه', level: 1 }).waitFor();
        }
        for (const theme of ['light', 'dark']) {
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html.theme-dark').waitFor();
          }
          await noAxeViolations(page, `redirects, ${lang}, ${theme}`);
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            assert.ok(overflow <= 0, `the page scrolls sideways at ${width} px in ${lang}`);
            if (SHOTS)
              await page.screenshot({
                path: `${SHOTS}/redirects-${lang}-${theme}-${width}.png`,
                fullPage: true,
              });
          }
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html:not(.theme-dark)').waitFor();
          }
        }
      }
      await page.locator('button[lang="en"]').click();
      await page.locator('html[lang="en"][dir="ltr"]').waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });

      // Deleting asks first; the address answers as any other again.
      await page.getByRole('button', { name: 'Delete the redirect from /spring-offer' }).click();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await page.getByText('Redirect deleted.').waitFor();
      await until(
        async () => (await page.locator('[data-redirect="/spring-offer"]').count()) === 0,
      );
      await answers('/spring-offer', 404);
      editor.assertClean();
    } finally {
      await editor.close();
    }
  });
});
