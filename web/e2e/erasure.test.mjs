// Erasing a person in a real browser against a real server whose mail stays queued (production,
// no SMTP_URL): a person sends a job application with a CV and a request for proposal; an
// administrator looks the address up and sees both submissions, the CV and the confirmations
// waiting to be sent, checks the screen in both languages and themes and on a phone, and erases
// everything after confirming the passkey again. Then the address holds nothing, the inbox shows
// both submissions as erased, a link to the CV made before answers 404, and the audit trail has
// exactly one erasure, which does not name the address. The server asks for the second factor
// before every sensitive action (STAFF_STEP_UP=0s), looking a person up and exporting the trail
// among them: the proof of the sign-in covers one, a link to the CV.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { firstItemPath, launchBrowser, startServer } from './harness.mjs';
import { minimalPdf } from './documents.mjs';
import { noAxeViolations, sendForm, staffMember } from './staff.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost', env: { STAFF_STEP_UP: '0s' } });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

const EMAIL = 'layla.haddad@example.com';

/** Calls the back-office API from the page, with its session; resolves to status and text. */
function api(page, method, path) {
  return page.evaluate(
    async ([m, p]) => {
      const res = await fetch(p.startsWith('/api/') ? p : `/api/admin${p}`, {
        method: m,
        headers: m === 'POST' ? { 'Content-Type': 'application/json' } : {},
        body: m === 'POST' ? '{}' : undefined,
      });
      return { status: res.status, text: await res.text() };
    },
    [method, path],
  );
}

async function apiJSON(page, method, path) {
  const { status, text } = await api(page, method, path);
  return { status, body: JSON.parse(text) };
}

const nav = (page) => page.getByRole('navigation', { name: 'Back-office sections' });

describe('erasing a person', () => {
  test('everything held about an address is listed, then erased once, and the trail keeps no address', async () => {
    const { baseUrl } = site.server;
    const vacancy = (await firstItemPath(baseUrl, '/careers/jop-vacancies')).split('/').pop();
    await sendForm(
      baseUrl,
      `application/${vacancy}`,
      {
        name: 'Layla Haddad',
        email: EMAIL,
        phone: '+971 50 123 4567',
        coverLetter: 'I have led ISO/IEC 27001 audits in Dubai for seven years.',
      },
      { cv: { name: 'layla-haddad-cv.pdf', type: 'application/pdf', data: minimalPdf() } },
    );
    await sendForm(
      baseUrl,
      'proposal',
      {
        name: 'Layla Haddad',
        email: EMAIL,
        phone: '+971 50 123 4567',
        company: 'Gulf Payments',
        country: 'United Arab Emirates',
        companySize: '250-999',
        timeline: '1-3-months',
        services: ['/services/cybersecurity-services/penetration-testing'],
        message: 'An external penetration test before our PCI DSS assessment.',
      },
      { lang: 'ar' },
    );

    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Nasser',
      role: 'administrator',
      allowApiStatuses: [400, 401, 403, 404],
    });
    const { page } = admin;
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    try {
      // A link to the CV, made now, spends the sign-in's proof and works.
      const inbox = await apiJSON(page, 'GET', '/inbox');
      const applicationId = inbox.body.data.items.find((item) => item.kind === 'application').id;
      const link = await apiJSON(page, 'POST', `/inbox/${applicationId}/cv-link`);
      assert.equal(link.status, 200);
      const before = await api(page, 'GET', link.body.data.url);
      assert.equal(before.status, 200);
      assert.match(before.text, /^%PDF-/);

      // The home screen links to the new screen, as does the navigation.
      await page.getByRole('link', { name: /See everything the site holds/ }).waitFor();
      await nav(page).getByRole('link', { name: 'Personal data' }).click();
      await page.getByRole('heading', { name: 'Personal data', level: 1 }).waitFor();

      // Looking up asks for the passkey again; a malformed address is then refused on its field,
      // in the staff member's language.
      const field = page.getByLabel('The person’s e-mail address');
      await field.fill('layla');
      await page.getByRole('button', { name: 'Find' }).click();
      await stepUp.getByText('This action needs your second factor again.').waitFor();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      await page.getByText('Enter a valid e-mail address, such as name@example.com.').waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');

      // The lookup, however the address is typed, after the passkey again.
      await field.fill(' Layla.Haddad@Example.com ');
      await page.getByRole('button', { name: 'Find' }).click();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      const results = page.locator('[data-held]');
      await page.getByRole('heading', { name: `Held about ${EMAIL}` }).waitFor();
      const submissions = results.getByRole('list', { name: 'Submissions (2)' });
      await submissions.waitFor();
      await submissions.getByText('Job application').waitFor();
      await submissions.getByText('Request for proposal').waitFor();
      assert.equal(await submissions.locator('[data-held-cv]').count(), 1);
      await submissions.locator(`[data-held-submission="${applicationId}"]`).waitFor();
      // Her two confirmations, and the firm's two notifications, which carry what she wrote.
      const queued = results.getByRole('list', { name: 'E-mail waiting to be sent (4)' });
      await queued.getByText('Confirmation of a job application').waitFor();
      await queued.getByText('Confirmation of a request for proposal').waitFor();
      assert.equal(await queued.getByText('Form notification').count(), 2);
      await results.getByText('No visitor account has this address.').waitFor();
      await noAxeViolations(page, 'privacy, English, light');

      // In Arabic, right to left, dark, on a phone: the address stays left to right, nothing
      // scrolls sideways.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.locator('button[lang="ar"]').click();
      await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
      await page.locator('header button[data-theme-switch]').click();
      await page.locator('html.theme-dark').waitFor();
      await page.getByRole('heading', { name: 'البيانات الشخصية', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'محو كل شيء' }).waitFor();
      await noAxeViolations(page, 'privacy, Arabic, dark');
      const address = page.locator('h2 bdi[dir="ltr"]');
      assert.equal(await address.innerText(), EMAIL);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'the privacy screen fits a phone');
      await page.locator('button[lang="en"]').click();
      await page.locator('html[lang="en"][dir="ltr"]').waitFor();
      await page.locator('header button[data-theme-switch]').click();
      await page.locator('html:not(.theme-dark)').waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });

      // Erasing asks for a confirmation, then for the passkey again, from the keyboard.
      await page.getByRole('button', { name: 'Erase everything' }).click();
      const confirm = page.getByRole('group', { name: 'Erase everything' });
      await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
      const yes = confirm.getByRole('button', { name: 'Yes, erase everything' });
      await page.waitForFunction(
        () => document.activeElement?.textContent === 'Yes, erase everything',
      );
      await page.keyboard.press('Enter');
      await stepUp.getByText('This action needs your second factor again.').waitFor();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Everything the site held about this address was erased.' })
        .waitFor();
      await page.getByText('The site holds nothing about this address.').waitFor();
      assert.equal(await yes.count(), 0);
      await page
        .getByRole('status')
        .filter({ hasText: 'submissions: 2, CVs: 1, e-mails waiting to be sent: 4' })
        .waitFor();

      // Looking again (after the passkey again) finds nothing; the link to the CV made before
      // answers 404.
      await page.getByRole('button', { name: 'Find' }).click();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).waitFor();
      const [again] = await Promise.all([
        page.waitForResponse(
          (res) => res.url().includes('/api/admin/erasure?email=') && res.status() === 200,
        ),
        stepUp.getByRole('button', { name: 'Use my passkey' }).click(),
      ]);
      const held = await again.json();
      assert.deepEqual([held.data.account, held.data.submissions, held.data.mail], [null, [], []]);
      await page.getByText('The site holds nothing about this address.').waitFor();
      const gone = await api(page, 'GET', link.body.data.url);
      assert.equal(gone.status, 404);
      assert.doesNotMatch(gone.text, /%PDF/);

      // The inbox shows both submissions as erased, without a name or an address.
      await nav(page).getByRole('link', { name: /Inbox/ }).click();
      const list = page.getByRole('list', { name: 'Inbox' });
      await list.locator('[data-submission]').first().waitFor();
      assert.equal(await list.locator('[data-submission]').count(), 2);
      assert.equal(await list.locator('[data-erased]').count(), 2);
      await list
        .getByText(/^Personal data erased on /)
        .first()
        .waitFor();
      assert.doesNotMatch(await list.innerText(), /Layla|layla|Gulf Payments/);
      await list
        .locator(`[data-submission="${applicationId}"]`)
        .getByRole('link', { name: 'Personal data erased' })
        .click();
      await page.getByRole('heading', { name: 'Personal data erased', level: 1 }).waitFor();
      await page.locator('[data-fields]').waitFor();
      assert.doesNotMatch(await page.locator('main').innerText(), /Layla|layla|ISO\/IEC 27001/);
      assert.equal(await page.getByRole('button', { name: 'Download the CV' }).count(), 0);
      await noAxeViolations(page, 'an erased application');

      // The audit trail has exactly one erasure, by the administrator, without the address.
      await nav(page).getByRole('link', { name: 'Audit trail' }).click();
      await page.getByLabel('Action').selectOption('erasure');
      await page.getByRole('button', { name: 'Show' }).click();
      const trail = page.getByRole('list', { name: 'Audit trail' });
      await trail.locator('li:not([data-action="erasure"])').first().waitFor({ state: 'detached' });
      await trail.locator('[data-action="erasure"]').waitFor();
      assert.equal(await trail.locator('li').count(), 1);
      const entry = trail.locator('li').first();
      await entry.getByText('Amal Nasser').waitFor();
      await entry.getByText('Personal data erased').waitFor();
      await entry.getByText(/submissions 2, CVs 1, e-mails 4/).waitFor();
      const events = await apiJSON(page, 'GET', '/audit?action=erasure');
      assert.equal(events.body.data.events.length, 1);
      for (const text of [await trail.innerText(), JSON.stringify(events.body)]) {
        assert.doesNotMatch(text, /layla|haddad/i);
      }
      // Exported after the passkey again, it holds no address either.
      await page.getByRole('button', { name: 'Export as CSV' }).click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        stepUp.getByRole('button', { name: 'Use my passkey' }).click(),
      ]);
      const exported = await readFile(await file.path(), 'utf8');
      assert.match(exported, /,erasure,/);
      assert.doesNotMatch(exported, /layla|haddad/i);
      admin.assertClean();
    } finally {
      await admin.close();
    }
  });
});
