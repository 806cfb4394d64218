// The leads inbox in a real browser against a real server: a proposal sent on the public site
// reaches a sales member's inbox without a reload, is assigned, noted and closed, and exported;
// HR downloads an applicant's CV, the second time after confirming the passkey again, and the
// administrator's audit trail shows it; sales never see the application, in any list, count or
// search, and are refused its CV. The server asks for the second factor before every sensitive
// action (STAFF_STEP_UP=0s): the proof of the sign-in covers one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { firstItemPath, launchBrowser, openPage, startServer, until } from './harness.mjs';
import { minimalPdf } from './documents.mjs';
import { download, noAxeViolations, sendForm, staffMember } from './staff.mjs';
import { formsReached, solveCaptcha, visitorHelpers } from './visitor.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({
    host: 'localhost',
    development: true,
    env: { STAFF_STEP_UP: '0s' },
  });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

/** Calls the back-office API from the page, with its session; resolves to status and body. */
function api(page, method, path) {
  return page.evaluate(
    async ([m, p]) => {
      const res = await fetch(`/api/admin${p}`, {
        method: m,
        headers: m === 'POST' ? { 'Content-Type': 'application/json' } : {},
        body: m === 'POST' ? '{}' : undefined,
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path],
  );
}

const { mailTo } = visitorHelpers(site);

/** Waits for the outbox's message to `email` of mail kind `kind`; resolves to its entry. */
async function waitForMailOfKind(email, kind) {
  return until(async () => (await mailTo(email)).find((m) => m.html.includes(` · ${kind} · `)));
}

const nav = (page) => page.getByRole('navigation', { name: 'Back-office sections' });
const arabicNav = (page) => page.getByRole('navigation', { name: 'أقسام لوحة الإدارة' });

describe('the inbox', () => {
  test('a proposal reaches sales without a reload and is worked on; HR downloads a CV; the trail shows it', async () => {
    const { baseUrl } = site.server;
    const vacancy = (await firstItemPath(baseUrl, '/careers/jop-vacancies')).split('/').pop();
    await sendForm(
      baseUrl,
      `application/${vacancy}`,
      {
        name: 'Omar Said',
        email: 'omar.said@example.com',
        phone: '+20 2 5550 1234',
        coverLetter: 'I led incident response at a bank for six years.',
      },
      { cv: { name: 'omar-said-cv.pdf', type: 'application/pdf', data: minimalPdf('Omar Said') } },
    );

    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Haddad',
      role: 'administrator',
    });
    const sales = await staffMember(site, {
      email: 'sami@noorvale.example',
      name: 'Sami Nasser',
      role: 'sales',
      office: 'london',
      allowApiStatuses: [400, 401, 403, 404],
    });
    const hr = await staffMember(site, {
      email: 'hana@noorvale.example',
      name: 'Hana Qasim',
      role: 'hr',
      width: 375,
      height: 740,
    });
    const visitor = await openPage(site.browser);
    try {
      const applications = await api(admin.page, 'GET', '/inbox?kind=application');
      assert.equal(applications.body.data.total, 1);
      const applicationId = applications.body.data.items[0].id;

      // Sales open their inbox: nothing yet, and no application in any list, count or search.
      const { page } = sales;
      await nav(page).getByRole('link', { name: 'Inbox' }).click();
      await page.getByText('No submissions match these filters.').waitFor();
      assert.equal(await page.locator('[data-inbox-count]').count(), 0);
      await page.evaluate(() => {
        window.stillTheSamePage = true;
      });
      for (const path of ['/inbox', '/inbox?q=Omar', '/inbox?q=omar.said@example.com']) {
        const { status, body } = await api(page, 'GET', path);
        assert.equal(status, 200);
        assert.equal(body.data.total, 0, `${path} shows sales ${JSON.stringify(body.data.items)}`);
      }
      assert.equal((await api(page, 'GET', '/inbox/count')).body.data.new, 0);
      assert.equal((await api(page, 'GET', '/inbox?kind=application')).status, 400);
      assert.equal((await api(page, 'GET', `/inbox/${applicationId}`)).status, 404);
      assert.equal((await api(page, 'POST', `/inbox/${applicationId}/cv-link`)).status, 403);
      const cv = await api(page, 'GET', `/inbox/${applicationId}/cv`);
      assert.equal(cv.status, 403);
      assert.equal(cv.body.message, 'Your role does not allow this.');
      const kinds = await page.getByLabel('Form').locator('option').allTextContents();
      assert.ok(!kinds.includes('Job application'), `sales may filter on ${kinds.join(', ')}`);

      // A visitor asks for a proposal on the public site.
      await visitor.page.goto(`${baseUrl}/forms`);
      await formsReached(visitor.page);
      const form = visitor.page.locator('#proposal form');
      await form.getByLabel('Full name').fill('Nadia Farouk');
      await form.getByLabel('E-mail address').fill('nadia@desertrose.example');
      await form.getByLabel('Phone number').fill('+971 4 555 0199');
      await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Desert Rose Bank');
      await form.getByLabel('Country').fill('United Arab Emirates');
      await form.getByLabel('Company size').selectOption('250-999');
      await form.getByLabel('Timeline').selectOption('1-3-months');
      await form.getByRole('checkbox', { name: 'Penetration Testing' }).check();
      await form
        .getByLabel('About the work')
        .fill('An external penetration test before our audit in spring.');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await solveCaptcha(visitor.page, form);
      await form.getByRole('button', { name: 'Request a proposal' }).click();
      await visitor.page
        .locator('#proposal')
        .getByRole('status')
        .filter({ hasText: 'Thank you' })
        .waitFor();

      // It appears in the sales inbox, with the count in the navigation, without a reload.
      const list = page.getByRole('list', { name: 'Inbox' });
      const row = list.locator('[data-submission]').filter({ hasText: 'Nadia Farouk' });
      await row.waitFor();
      await nav(page).locator('[data-inbox-count="1"]').waitFor();
      assert.equal(await page.evaluate(() => window.stillTheSamePage), true);
      await row.getByText('Request for proposal').waitFor();
      await row.locator('[data-status="new"]').waitFor();
      await noAxeViolations(page, 'inbox');

      // The dashboard counts it this week, and as new.
      await nav(page).getByRole('link', { name: 'Dashboard' }).click();
      await page
        .getByRole('img', { name: 'Request for proposal: 1 in 12 weeks, 1 this week' })
        .waitFor();
      const openNew = page
        .getByRole('table', { name: 'Open items by status' })
        .getByRole('row', { name: /New/ });
      assert.equal(await openNew.getByRole('cell').innerText(), '1');
      const weekly = page.getByRole('table', { name: 'Submissions per week' });
      assert.deepEqual(
        (await weekly.getByRole('columnheader').allInnerTexts()).slice(1),
        [
          'Request for proposal',
          'General enquiry',
          'Office contact · London',
          'Webinar registration',
          'Publication download',
        ],
        'sales of the London office count their own office only',
      );
      await noAxeViolations(page, 'dashboard');
      await nav(page).getByRole('link', { name: 'Inbox' }).click();

      // Assigned, noted and closed.
      await row.getByRole('link', { name: 'Nadia Farouk' }).click();
      await page.getByRole('heading', { name: 'Nadia Farouk' }).waitFor();
      await page.getByText('Desert Rose Bank').waitFor();
      await page
        .locator('[data-fields]')
        .getByText('Penetration Testing', { exact: true })
        .waitFor();
      await page.getByText('An external penetration test before our audit in spring.').waitFor();
      await page.getByLabel('Assignee').selectOption({ label: 'Sami Nasser' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The assignee was changed.' }).waitFor();
      await page.getByLabel('New note').fill('Called back; a scoping meeting on Monday.');
      await page.getByRole('button', { name: 'Add the note' }).click();
      const notes = page.getByRole('list', { name: 'Internal notes' });
      await notes.getByText('Called back; a scoping meeting on Monday.').waitFor();
      await notes.getByText('Sami Nasser').waitFor();

      // Answered by e-mail: from marketing's inbox, replies to Sami, quoting nothing Nadia wrote.
      await page
        .getByLabel('Your reply')
        .fill(
          'Thank you, Nadia.\n\nCould we meet on Monday at 10:00 to agree the scope of the test?',
        );
      await page.getByRole('button', { name: 'Send the reply' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Your reply is on its way to the sender.' })
        .waitFor();
      await page
        .getByRole('list', { name: 'Replies sent' })
        .getByText(/Could we meet on Monday at 10:00/)
        .waitFor();
      assert.equal(await page.getByLabel('Your reply').inputValue(), '');
      const reply = await waitForMailOfKind('nadia@desertrose.example', 'inbox-reply');
      assert.match(
        reply.html,
        /From &#34;Noorvale Assurance&#34; &lt;info@noorvale\.example&gt; · Reply-To sami@noorvale\.example/,
      );
      assert.match(reply.html, /<h2 lang="en" dir="auto">Your request for a proposal<\/h2>/);
      assert.match(reply.text, /Dear Nadia Farouk,/);
      assert.match(reply.text, /Could we meet on Monday at 10:00 to agree the scope of the test\?/);
      assert.match(reply.text, /Kind regards,\nSami Nasser\n/);
      assert.doesNotMatch(reply.text, /external penetration test|scoping meeting/);
      await page.getByLabel('Status').selectOption('closed');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The status was changed.' }).waitFor();
      await nav(page).locator('[data-inbox-count]').waitFor({ state: 'detached' });
      await noAxeViolations(page, 'submission');
      await page.getByRole('link', { name: 'Back to the inbox' }).click();
      await row.locator('[data-status="closed"]').waitFor();
      await row.getByText('Assigned to Sami Nasser').waitFor();

      // The filters live in the address: a bookmarked view opens as it was.
      await page.locator('summary', { hasText: 'More filters' }).click();
      await page.getByLabel('Status').selectOption('closed');
      await page.getByRole('searchbox', { name: 'Search' }).fill('desert rose');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(/\/admin\/inbox\?q=desert\+rose&status=closed$/);
      await page.reload();
      await row.waitFor();
      assert.equal(
        await page.getByRole('searchbox', { name: 'Search' }).inputValue(),
        'desert rose',
      );
      assert.equal(await page.getByLabel('Status').inputValue(), 'closed');
      await noAxeViolations(page, 'inbox, filtered');
      await page.goto(`${baseUrl}/admin/inbox?status=new`);
      await page.getByText('No submissions match these filters.').waitFor();

      // Exported as CSV: the sign-in's proof covers this first sensitive action.
      await page.goto(`${baseUrl}/admin/inbox`);
      await row.waitFor();
      const csv = await download(page, page.getByRole('button', { name: 'Export as CSV' }));
      assert.equal(csv.name, 'inbox.csv');
      assert.match(csv.text, /^id,created_at,kind,target,targetCode,locale,name,email/);
      assert.match(csv.text, /Nadia Farouk/);
      assert.doesNotMatch(csv.text, /Omar/);
      sales.assertClean();

      // HR, on a phone, sees the application and no lead, and downloads the CV: the first time
      // on the sign-in's proof, the second after confirming the passkey again.
      const hrPage = hr.page;
      await nav(hrPage).getByRole('link', { name: /Inbox/ }).click();
      const hrList = hrPage.getByRole('list', { name: 'Inbox' });
      await hrList.locator('[data-kind="application"]').getByText('Omar Said').waitFor();
      assert.equal(await hrList.locator('[data-submission]').count(), 1);
      await hrList.getByRole('link', { name: 'Omar Said' }).click();
      const cvButton = hrPage.getByRole('button', { name: 'Download the CV' });
      const first = await download(hrPage, cvButton);
      assert.equal(first.name, `cv-${applicationId}.pdf`);
      assert.match(first.text, /^%PDF-/);
      await cvButton.click();
      const stepUp = hrPage.getByRole('dialog', { name: 'Confirm it is you' });
      await stepUp.getByText('This action needs your second factor again.').waitFor();
      const second = await download(hrPage, stepUp.getByRole('button', { name: 'Use my passkey' }));
      assert.equal(second.text, first.text);
      await noAxeViolations(hrPage, 'application on a phone');

      // In Arabic, right to left, in the dark theme.
      await hrPage.locator('button[lang="ar"]').click();
      await hrPage.locator('html[lang="ar"][dir="rtl"]').waitFor();
      await hrPage.getByRole('button', { name: 'تنزيل السيرة الذاتية' }).waitFor();
      await hrPage.locator('header button[data-theme-switch]').click();
      await hrPage.locator('html.theme-dark').waitFor();
      await noAxeViolations(hrPage, 'application in Arabic, dark');
      await hrPage.getByRole('link', { name: 'العودة إلى صندوق الوارد' }).click();
      await hrPage.getByRole('heading', { name: 'صندوق الوارد' }).waitFor();
      await hrPage.getByRole('list', { name: 'صندوق الوارد' }).getByText('Omar Said').waitFor();
      await noAxeViolations(hrPage, 'inbox in Arabic, dark');
      await arabicNav(hrPage).getByRole('link', { name: 'لوحة المتابعة' }).click();
      await hrPage.getByRole('img', { name: /^طلب توظيف: / }).waitFor();
      await noAxeViolations(hrPage, 'dashboard in Arabic, dark');
      assert.equal(
        await hrPage.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
        0,
        'the dashboard fits a phone',
      );
      await arabicNav(hrPage)
        .getByRole('link', { name: /الوارد/ })
        .click();
      await hrPage.getByRole('heading', { name: 'صندوق الوارد' }).waitFor();
      const overflow = await hrPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'the inbox fits a phone');
      hr.assertClean();

      // The administrator's audit trail shows both downloads, by HR, and the work on the lead.
      const adminPage = admin.page;
      await nav(adminPage).getByRole('link', { name: 'Audit trail' }).click();
      const trail = adminPage.getByRole('list', { name: 'Audit trail' });
      await trail.locator('[data-action="cv-opened"]').first().waitFor();
      for (const action of [
        'submission-assignee',
        'submission-note',
        'submission-reply',
        'submission-status',
        'inbox-export',
      ]) {
        await trail.locator(`[data-action="${action}"]`).first().waitFor();
      }
      await adminPage.getByLabel('Action').selectOption('cv-opened');
      await adminPage.getByRole('button', { name: 'Show' }).click();
      await trail
        .locator('li:not([data-action="cv-opened"])')
        .first()
        .waitFor({ state: 'detached' });
      assert.equal(await trail.locator('li').count(), 2);
      await trail.locator('li').first().getByText('Hana Qasim').waitFor();
      await trail.locator('li').first().getByText(`submission ${applicationId}`).waitFor();
      assert.doesNotMatch(await trail.innerText(), /Omar|omar\.said/);
      admin.assertClean();
    } finally {
      await Promise.all([admin.close(), sales.close(), hr.close(), visitor.close()]);
    }
  });
});
