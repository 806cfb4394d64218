// Webinar registration and gated publications in a real browser against the development server:
// registering for an upcoming webinar (confirmation to the visitor, notification to marketing),
// the note that replaces the form once a webinar has taken place, downloading a publication after
// the form or straight away when signed in, and mistakes told in the page's language.
//
// Rate limits: the server accepts 10 valid submissions of each form an hour from one address
// (api/forms/forms.go, DefaultLimit), and every test here runs from 127.0.0.1 against the one
// server this file starts. The file sends 1 webinar registration and 2 publication requests (one
// of them refused at the captcha, after the limit has counted it), far below the limit; the
// download route's own limit (120 an hour) sees 3 requests. Each test uses fresh e-mail addresses.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openPage, useSiteAndBrowser } from './harness.mjs';
import { hydrated, solveCaptcha, valueArrives, visitorHelpers } from './visitor.mjs';

const site = useSiteAndBrowser({ development: true });
const { newEmail, mailTo, waitForMail, confirmedAccount, logIn } = visitorHelpers(site);

const seed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../api/content/seed/collections/en',
);

/** The seeded items of a collection: slug and English content. */
function seeded(collection) {
  return readdirSync(path.join(seed, collection))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      slug: file.slice(0, -'.json'.length),
      ...JSON.parse(readFileSync(path.join(seed, collection, file), 'utf8')),
    }));
}

const day = 24 * 60 * 60 * 1000;
const webinars = seeded('webinars').sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
// The seeded webinar furthest in the future, and the one longest past, so the test does not
// depend on today's date for a while; it says so plainly once the seed has aged.
const upcoming = webinars.at(-1);
const past = webinars[0];
assert.ok(Date.parse(upcoming.start) > Date.now() + day, 'the seed has an upcoming webinar');
assert.ok(Date.parse(past.start) < Date.now() - day, 'the seed has a past webinar');
const publication = seeded('publications')[0];

const MARKETING = 'info@noorvale.example';

/** A download answers a PDF: the status, the type and the file's first bytes. */
async function assertPdf(response) {
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['content-type'], 'application/pdf');
  const body = await response.body();
  assert.equal(body.subarray(0, 5).toString('latin1'), '%PDF-');
}

describe('webinar registration and publication downloads', () => {
  test('registering for an upcoming webinar: confirmed on the page, by e-mail and to marketing', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    const email = newEmail('rania');
    try {
      await page.goto(`${site.server.baseUrl}/resources/webinars/${upcoming.slug}`);
      await hydrated(page);

      // The aside's "Register now" jumps to the form after the speakers.
      const register = page.getByRole('link', { name: 'Register now' });
      assert.equal(await register.getAttribute('href'), '#register');
      await register.click();
      await page.waitForURL(/#register$/);
      const panel = page.locator('#register');
      assert.equal(
        await panel.getByRole('heading', { level: 2 }).innerText(),
        'Register for this webinar',
      );
      assert.equal(
        await page.evaluate(() => {
          const speakers = document.getElementById('speakers');
          const form = document.getElementById('register');
          return !!(speakers.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
        true,
        'the form follows the speakers',
      );

      const form = panel.locator('form');
      await form.getByLabel('Full name').fill('Rania Aziz');
      await form.getByLabel('E-mail address').fill(email);
      await form.getByLabel('Company (optional)').fill('Nile Data Labs');
      await form.getByLabel('Job title (optional)').fill('Head of Data Science');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Register', exact: true }).click();

      const done = panel.getByRole('status').filter({ hasText: 'Thank you for registering' });
      await done.waitFor();
      // The server's message, and the date and time as the page writes them.
      assert.match(await done.innerText(), /sent a confirmation with the date and time/);
      const when = done.locator('time');
      assert.equal(await when.getAttribute('datetime'), upcoming.start);
      assert.match(await when.innerText(), /\d{4}/);
      assert.match(await done.innerText(), /Date and time:/);
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('role')),
        'status',
        'the success message takes focus',
      );

      // The visitor's confirmation and marketing's notification are in the outbox.
      await waitForMail(email, /registration is confirmed|Date and time/);
      const [confirmation] = await mailTo(email);
      assert.ok(confirmation.html.includes(upcoming.title), 'the confirmation names the webinar');
      const notification = (await mailTo(MARKETING)).find((message) =>
        message.html.includes(email),
      );
      assert.ok(notification, 'marketing was told');
      assert.match(notification.html, /Webinar registration/);
      assert.match(notification.html, /Nile Data Labs/);
      assert.match(notification.html, /Head of Data Science/);

      // "Register a colleague" brings back an empty form.
      await panel.getByRole('button', { name: 'Register a colleague' }).click();
      assert.equal(await panel.getByLabel('Full name').inputValue(), '');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a webinar that has taken place shows a note instead of the form', async () => {
    const tab = await openPage(site.browser, { width: 375, height: 800 });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/resources/webinars/${past.slug}`);
      await hydrated(page);
      const panel = page.locator('#register');
      await panel.getByRole('heading', { name: 'This webinar has taken place' }).waitFor();
      assert.equal(await panel.locator('form').count(), 0, 'no form');
      assert.equal(await page.locator('input[name="email"]').count(), 0);
      assert.equal(
        await panel.getByRole('link', { name: 'other webinars' }).getAttribute('href'),
        '/resources/webinars',
      );
      assert.equal(
        await panel.getByRole('link', { name: 'get in touch' }).getAttribute('href'),
        '/forms',
      );
      assert.equal(await page.getByRole('link', { name: 'Register now' }).count(), 0);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a publication: the form answers with a download link that serves the PDF', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    const email = newEmail('tarek');
    try {
      await page.goto(`${site.server.baseUrl}/resources/publications/${publication.slug}`);
      await hydrated(page);
      const action = page.getByRole('link', { name: 'Get your free copy' });
      assert.equal(await action.getAttribute('href'), '#download');
      await action.click();
      await page.waitForURL(/#download$/);

      const panel = page.locator('#download');
      const form = panel.locator('form');
      await form.getByLabel('Full name').fill('Tarek Farouk');
      await form.getByLabel('E-mail address').fill(email);
      await form.getByLabel('Company').fill('Delta Fintech');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Get the PDF' }).click();

      const done = panel.getByRole('status').filter({ hasText: 'Here is your publication' });
      await done.waitFor();
      assert.match(await done.innerText(), /e-mailed you the link/);
      assert.match(await done.innerText(), /24 hours/);
      const link = done.getByRole('link', { name: 'Download the PDF' });
      const href = await link.getAttribute('href');
      assert.match(href, new RegExp(`/api/forms/publication/${publication.slug}/download\\?`));
      assert.match(href, /token=/);
      await assertPdf(await page.request.get(href));

      // Clicking it downloads the file.
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.equal(download.suggestedFilename(), `${publication.slug}-en.pdf`);

      // The same link arrives by e-mail, and marketing hears of the request.
      const mailed = await waitForMail(email, /\/download\?/);
      assert.equal(mailed, href);
      const notification = (await mailTo(MARKETING)).find((message) =>
        message.html.includes(email),
      );
      assert.ok(notification, 'marketing was told');
      assert.match(notification.html, /Publication download/);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a signed-in visitor downloads a publication directly, and finds a webinar form filled in', async () => {
    const password = 'amber lighthouse river 9';
    const email = await confirmedAccount('Huda', 'Rahman', password);
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await logIn(page, email, password);

      await page.goto(`${site.server.baseUrl}/resources/publications/${publication.slug}`);
      const direct = `/api/forms/publication/${publication.slug}/download?lang=en`;
      await hydrated(page);
      // The stored entry says who is signed in: the form gives way to the direct link.
      const panel = page.locator('#download');
      await panel.getByRole('link', { name: 'Download the PDF' }).waitFor();
      assert.equal(await panel.locator('form').count(), 0, 'no form');
      assert.match(
        await panel.innerText(),
        new RegExp(`signed in as ${email.replace(/\./g, '\\.')}`),
      );
      const link = panel.getByRole('link', { name: 'Download the PDF' });
      assert.equal(await link.getAttribute('href'), direct);
      // The page's session opens it; without one, it stays locked.
      await assertPdf(await page.request.get(site.server.baseUrl + direct));
      const anonymous = await fetch(site.server.baseUrl + direct);
      assert.equal(anonymous.status, 403);

      // A webinar's form starts with the account's name and e-mail address.
      await page.goto(`${site.server.baseUrl}/resources/webinars/${upcoming.slug}`);
      await hydrated(page);
      const form = page.locator('#register form');
      await valueArrives(form.getByLabel('Full name'), 'Huda Rahman');
      assert.equal(await form.getByLabel('Full name').inputValue(), 'Huda Rahman');
      assert.equal(await form.getByLabel('E-mail address').inputValue(), email);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('in French: mistakes are named in French, by the page and by the server', async () => {
    const tab = await openPage(site.browser, { allowApiStatuses: [400] });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/fr/resources/publications/${publication.slug}`);
      await hydrated(page);
      const panel = page.locator('#download');
      const form = panel.locator('form');
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/forms/publication/')) {
          posts++;
        }
      });

      // Nothing filled in: the page names what is missing, in French, and sends nothing.
      await form.getByRole('button', { name: 'Obtenir le PDF' }).click();
      await form
        .getByRole('status')
        .filter({ hasText: 'Veuillez corriger les champs signalés' })
        .waitFor();
      const company = form.getByLabel('Entreprise');
      assert.equal(await company.getAttribute('aria-invalid'), 'true');
      const describedBy = await company.getAttribute('aria-describedby');
      assert.equal(
        await page.locator(`[id="${describedBy.split(' ')[0]}"]`).innerText(),
        'Ce champ est obligatoire.',
      );
      assert.equal(posts, 0);

      // The server refuses a security check that does not verify, and says so in French.
      await form.getByLabel('Nom complet').fill('Camille Laurent');
      await form.getByLabel('Adresse e-mail').fill(newEmail('camille'));
      await company.fill('Banque du Levant');
      await form.getByRole('checkbox', { name: /J’accepte/ }).check();
      await solveCaptcha(page, form);
      await page.route('**/api/forms/publication/**', async (route) => {
        const body = { ...route.request().postDataJSON(), captcha: 'tampered' };
        await route.continue({ postData: JSON.stringify(body) });
      });
      await form.getByRole('button', { name: 'Obtenir le PDF' }).click();
      await form
        .getByText('Veuillez effectuer la vérification de sécurité, puis réessayer.')
        .first()
        .waitFor();
      assert.equal(posts, 1);
      assert.equal(await panel.getByRole('link', { name: 'Télécharger le PDF' }).count(), 0);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});
