// The job application form of a vacancy in a real browser against the development server: the CV
// goes up with a progress bar, the HR inbox is told and the visitor gets a confirmation; a file
// that only pretends to be a PDF is refused by the server on the CV field, in the page's
// language; a file over 5 MB never leaves the browser; the Arabic page fits a phone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { minimalPdf } from './documents.mjs';
import { firstItemPath, openPage, useSiteAndBrowser, until } from './harness.mjs';
import { hydrated, solveCaptcha, valueArrives, visitorHelpers } from './visitor.mjs';

const site = useSiteAndBrowser({ development: true });
const { newEmail, mailTo, waitForMail, confirmedAccount, logIn } = visitorHelpers(site);

const ARABIC = /[\u0600-\u06FF]/;
const HR_INBOX = 'careers@noorvale.example';

/** A vacancy page in a language ('' for English). */
async function vacancyPath(prefix = '') {
  const path = await firstItemPath(site.server.baseUrl, '/careers/jop-vacancies');
  return `${prefix}${path}`;
}

/** Counts the application posts a page makes. */
function countApplicationPosts(page) {
  const seen = { posts: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/forms/application/')) {
      seen.posts++;
    }
  });
  return seen;
}

/**
 * Records the captcha token of every upload the page sends (the application goes up as form data
 * by XMLHttpRequest, for its progress bar); read them with `sentCaptchas(page)`.
 */
async function recordSentCaptchas(page) {
  await page.addInitScript(() => {
    window.sentCaptchas = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) window.sentCaptchas.push(String(body.get('captcha') ?? ''));
      return send.call(this, body);
    };
  });
}
const sentCaptchas = (page) => page.evaluate(() => window.sentCaptchas);

/** The text read with a field: its hint and its error, by aria-describedby. */
async function describedText(page, locator) {
  const ids = ((await locator.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = [];
  for (const id of ids) texts.push(await page.locator(`[id="${id}"]`).innerText());
  return texts.join('\n');
}

/** The HR inbox's notification of an application from `email`, once it is in the outbox. */
async function hrNotificationAbout(email) {
  return until(async () =>
    (await mailTo(HR_INBOX)).find((message) => message.html.includes(email)),
  );
}

/** Fills everything but the CV with valid answers (labels in English). */
async function fillEnglish(form, email) {
  await form.getByLabel('Full name').fill('Layla Mansour');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Phone number').fill('+971 50 123 4567');
  await form
    .getByLabel('LinkedIn profile (optional)')
    .fill('https://www.linkedin.com/in/layla-mansour');
  await form
    .getByLabel('Cover letter')
    .fill('I lead ISO/IEC 27001 audits in Cairo.\n\nI would like to join your team.');
  await form.locator('input[name="consent"]').check();
}

describe('job application form', () => {
  test('in English: errors first, then a PDF goes up with a progress bar, and HR and the visitor get e-mail', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      const sent = countApplicationPosts(page);
      await page.goto(`${site.server.baseUrl}${await vacancyPath()}`);
      await hydrated(page);

      // The aside's "Apply" leads to the form on this page.
      const apply = page.locator('aside').getByRole('link', { name: 'Apply for this role' });
      assert.equal(await apply.getAttribute('href'), '#apply');
      const panel = page.locator('#apply');
      const form = panel.locator('form');
      assert.equal(
        await panel.getByRole('heading', { level: 2 }).innerText(),
        'Apply for this role',
      );

      // Sending nothing: each required field says what is wrong, and the first takes focus.
      await form.getByRole('button', { name: 'Send application' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
      for (const label of ['Full name', 'E-mail address', 'Phone number', 'Cover letter']) {
        const field = form.getByLabel(label);
        assert.equal(await field.getAttribute('aria-invalid'), 'true', label);
        assert.match(await describedText(page, field), /This field is required\./, label);
      }
      const linkedIn = form.getByLabel('LinkedIn profile (optional)');
      assert.equal(await linkedIn.getAttribute('aria-invalid'), null, 'LinkedIn is optional');
      const cvInput = form.locator('input[type="file"]');
      assert.equal(await cvInput.getAttribute('aria-invalid'), 'true');
      assert.match(
        await describedText(page, cvInput),
        /Attach your CV as a PDF or Word \(\.docx\) file\./,
      );
      assert.match(await form.innerText(), /Please tick the box to agree to the privacy policy/);
      assert.equal(sent.posts, 0, 'nothing is sent while fields are at fault');

      // The CV through the file chooser that "Choose a file" opens.
      const email = newEmail('layla');
      await fillEnglish(form, email);
      const pdf = minimalPdf();
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        form.getByText('Choose a file', { exact: true }).click(),
      ]);
      assert.equal(chooser.isMultiple(), false);
      await chooser.setFiles({
        name: 'layla-mansour-cv.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      const chosen = form.getByText('layla-mansour-cv.pdf', { exact: true });
      await chosen.waitFor();
      assert.match(await form.innerText(), /\b1 kB\b/, 'the file size is shown');
      assert.equal(await cvInput.getAttribute('aria-invalid'), null, 'the CV error is gone');
      assert.match(await cvInput.getAttribute('accept'), /^\.pdf,\.docx,application\/pdf,/);

      // The progress bar, recorded as it appears: it lives only while the CV goes up.
      await page.evaluate(() => {
        window.progressSeen = [];
        const record = () => {
          const bar = document.querySelector('#apply form [role="progressbar"]');
          if (!bar) return;
          const label = document.getElementById(bar.getAttribute('aria-labelledby'));
          window.progressSeen.push({
            now: bar.getAttribute('aria-valuenow'),
            min: bar.getAttribute('aria-valuemin'),
            max: bar.getAttribute('aria-valuemax'),
            label: label?.textContent ?? '',
            nextToSubmit: !!bar.closest('div.flex')?.querySelector('button[type="submit"]'),
          });
        };
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['aria-valuenow'],
        });
      });
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Send application' }).click();

      const done = panel.getByRole('status').filter({ hasText: 'Thank you' });
      await done.waitFor();
      assert.match(
        await done.innerText(),
        /Thank you for your application\. We have received it with your CV/,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('role')),
        'status',
        'the success message takes focus',
      );
      assert.equal(await panel.getByRole('button').count(), 0, 'no "send another"');
      assert.equal(sent.posts, 1);

      const progress = await page.evaluate(() => window.progressSeen);
      assert.ok(progress.length > 0, 'a progress bar appeared while the CV went up');
      assert.deepEqual(
        { min: progress[0].min, max: progress[0].max, nextToSubmit: progress[0].nextToSubmit },
        { min: '0', max: '100', nextToSubmit: true },
      );
      assert.match(progress[0].label, /^Uploading your CV… \d{1,3}%$/);
      assert.equal(await panel.locator('[role="progressbar"]').count(), 0, 'gone once sent');

      // HR is told (the CV stays on the server), and the visitor gets a confirmation.
      await waitForMail(email, /(received your application)/);
      const notification = await hrNotificationAbout(email);
      assert.ok(notification, 'the HR inbox was told');
      assert.match(notification.html, /Layla Mansour/);
      assert.match(notification.html, /https:\/\/www\.linkedin\.com\/in\/layla-mansour/);
      assert.match(notification.html, /layla-mansour-cv\.pdf/);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('in French: a program renamed cv.pdf is refused on the CV field; a new check and a PDF go through', async () => {
    const tab = await openPage(site.browser, { allowApiStatuses: [400] });
    const { page } = tab;
    try {
      const sent = countApplicationPosts(page);
      await recordSentCaptchas(page);
      await page.goto(`${site.server.baseUrl}${await vacancyPath('/fr')}`);
      await hydrated(page);
      const form = page.locator('#apply form');
      await form.getByLabel('Nom complet').fill('Julien Moreau');
      await form.getByLabel('Adresse e-mail').fill(newEmail('julien'));
      await form.getByLabel('Numéro de téléphone').fill('+33 1 23 45 67 89');
      await form.getByLabel('Lettre de motivation').fill('Auditeur ISO 27001 depuis huit ans.');
      await form.locator('input[name="consent"]').check();
      // An executable's bytes ("MZ…") under a PDF's name passes the browser's name check.
      const executable = Buffer.concat([
        Buffer.from('MZ\x90\x00\x03\x00', 'latin1'),
        Buffer.alloc(2048, 0),
      ]);
      const cvInput = form.locator('input[type="file"]');
      await cvInput.setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: executable,
      });
      await form.getByText('cv.pdf', { exact: true }).waitFor();
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Envoyer ma candidature' }).click();

      await page.waitForFunction(
        () =>
          document.querySelector('#apply input[type="file"]')?.getAttribute('aria-invalid') ===
          'true',
      );
      assert.equal(sent.posts, 1, 'the server was asked');
      assert.match(
        await describedText(page, cvInput),
        /Envoyez votre CV au format PDF ou Word \(\.docx\)\./,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('type')),
        'file',
        'the CV field takes focus',
      );
      assert.equal(await page.locator('#apply').getByText('Merci').count(), 0, 'not sent');
      // Choosing another file clears the server's message.
      await cvInput.setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: minimalPdf(),
      });
      await page.waitForFunction(
        () => !document.querySelector('#apply input[type="file"]')?.hasAttribute('aria-invalid'),
      );
      // The server judged the CV after the captcha, which it spent: the form drops that check
      // and makes a new one (it starts again as the visitor is back in the form), never sending
      // the spent one.
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Envoyer ma candidature' }).click();
      await page.locator('#apply').getByText('Votre candidature est envoyée').waitFor();
      assert.equal(sent.posts, 2);
      const [first, second] = await sentCaptchas(page);
      assert.ok(first, 'the first application carried a check');
      assert.notEqual(second, first, 'the spent check is not sent again');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a CV over 5 MB is refused in the browser, without sending anything', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      const sent = countApplicationPosts(page);
      await page.goto(`${site.server.baseUrl}${await vacancyPath()}`);
      await hydrated(page);
      const form = page.locator('#apply form');
      await fillEnglish(form, newEmail('omar'));
      const big = Buffer.concat([minimalPdf(), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
      const cvInput = form.locator('input[type="file"]');
      await cvInput.setInputFiles({
        name: 'omar-cv.pdf',
        mimeType: 'application/pdf',
        buffer: big,
      });

      // Said at once, under the field, with the file's size.
      await form.getByText('omar-cv.pdf', { exact: true }).waitFor();
      assert.match(await form.innerText(), /\b5 MB\b/);
      assert.equal(await cvInput.getAttribute('aria-invalid'), 'true');
      assert.match(await describedText(page, cvInput), /Your CV must be at most 5 MB\./);

      // Even with everything else in order, submitting sends nothing and points at the CV.
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Send application' }).click();
      await form.getByText('Please correct the highlighted fields and try again.').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file');
      assert.equal(await form.locator('[role="progressbar"]').count(), 0);
      assert.equal(sent.posts, 0, 'no request to /api/forms/application');

      // "Remove" takes the file away and gives focus back to the picker.
      await form.getByRole('button', { name: 'Remove' }).click();
      assert.equal(await form.getByText('omar-cv.pdf', { exact: true }).count(), 0);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'file');
      assert.equal(sent.posts, 0);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('in Arabic on a phone: errors in Arabic, and the form fits 375 px', async () => {
    const tab = await openPage(site.browser, { width: 375, height: 800 });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}${await vacancyPath('/ar')}`);
      await hydrated(page);
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      const form = page.locator('#apply form');
      await form.getByRole('button', { name: 'إرسال الطلب' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
      const name = form.locator('input[name="name"]');
      const error = await describedText(page, name);
      assert.match(error, ARABIC);
      assert.match(await describedText(page, form.locator('input[type="file"]')), ARABIC);

      // A CV dropped on the zone, with a long name that must stay inside the screen.
      const longName = 'السيرة الذاتية - ليلى منصور - مدققة أمن معلومات أولى - نسخة محدثة 2026.pdf';
      const dataTransfer = await page.evaluateHandle(
        ([name, bytes]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
          return transfer;
        },
        [longName, minimalPdf().toString('latin1')],
      );
      const zone = form.locator('input[type="file"]').locator('xpath=..');
      await zone.dispatchEvent('dragenter', { dataTransfer });
      await zone.dispatchEvent('dragover', { dataTransfer });
      await zone.getByText('أفلِت سيرتك الذاتية هنا لإرفاقها').waitFor();
      await zone.dispatchEvent('drop', { dataTransfer });
      await form.getByText(longName).waitFor();
      await form.getByRole('button', { name: 'إزالة' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'no horizontal scrolling at 375 px');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('after the closing date by the visitor’s clock, a note replaces the form', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      const path = await vacancyPath();
      // The cached page is the same for everyone: the server always renders the form.
      const html = await (await fetch(`${site.server.baseUrl}${path}`)).text();
      const validThrough = /"validThrough":"(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
      assert.ok(validThrough, 'the closing date is in the page data');
      assert.match(html, /<section id="apply"[\s\S]*<form/);

      const dayAfter = new Date(`${validThrough}T00:00:00`);
      dayAfter.setDate(dayAfter.getDate() + 1);
      await page.clock.setFixedTime(dayAfter);
      await page.goto(`${site.server.baseUrl}${path}`);
      await hydrated(page);
      const panel = page.locator('#apply');
      await panel.getByText('Applications for this role have closed.').waitFor();
      assert.equal(await panel.locator('form').count(), 0);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a signed-in visitor finds their name and e-mail filled in', async () => {
    const password = 'amber lantern river 42';
    const email = await confirmedAccount('Nadia', 'Saleh', password);
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await logIn(page, email, password);

      await page.goto(`${site.server.baseUrl}${await vacancyPath()}`);
      await hydrated(page);
      const form = page.locator('#apply form');
      await valueArrives(form.getByLabel('Full name'), 'Nadia Saleh');
      assert.equal(await form.getByLabel('Full name').inputValue(), 'Nadia Saleh');
      assert.equal(await form.getByLabel('E-mail address').inputValue(), email);
      assert.equal(await form.getByLabel('Cover letter').inputValue(), '');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});
