// A working day of the firm's staff in a real browser against a real server, each role walked
// from start to end. Dubai sales: a lead sent to the Dubai office e-mails the Dubai salesperson
// (read from the development outbox at /dev/mail) and rings her bell without a reload; she gives
// it to a colleague, who is e-mailed, and closes it with two other leads in one bulk action. An
// editor publishes a changed English: the Arabic translator is e-mailed and notified, opens the
// item from her home screen in one click, translates it and publishes it, and the public page
// shows her Arabic. The walks run in English, light, at 1280 px; then an administrator visits
// every screen they touched in English and Arabic, light and dark, at 375 and 1280 px, and axe
// finds nothing and nothing is wider than the window. The administrator's invitations, the
// forgotten password and the "Confirm it is you" dialog are walked in staff-invites.test.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, openPage, startServer, until } from './harness.mjs';
import { noAxeViolations, sendForm, staffMember } from './staff.mjs';
import { visitorHelpers } from './visitor.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost', development: true });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

const { mailTo } = visitorHelpers(site);

/** Waits for a message to `email` whose text holds `words`; resolves to it. */
const mailWith = (email, words) =>
  until(async () => (await mailTo(email)).find((m) => m.html.includes(words)));

const slug = 'cairo-office-moves-to-new-cairo';
const seeded = (locale) =>
  JSON.parse(
    readFileSync(
      new URL(`../../api/content/seed/collections/${locale}/news/${slug}.json`, import.meta.url),
      'utf8',
    ),
  ).title;
const newTitle = 'Our Cairo team moves to a larger office in New Cairo';
const newArabicTitle = 'فريقنا في القاهرة ينتقل إلى مكتب أكبر في القاهرة الجديدة';

const bell = (page) => page.locator('header a[href="/admin/notifications"]');
const nav = (page) => page.getByRole('navigation', { name: 'Back-office sections' });
const overflow = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A contact message to the Dubai office from `name` of `company`. */
const dubaiLead = (name, company) =>
  sendForm(site.server.baseUrl, 'contact/dubai', {
    name,
    email: `${name.split(' ')[0].toLowerCase()}@example.com`,
    phone: '+971 4 555 0199',
    company,
    message: 'We would like to talk about an ISO 27001 gap assessment.',
  });

describe("a day of the firm's staff", () => {
  test('Dubai sales: a lead reaches the salesperson, is given to a colleague and closed with two others at once', async () => {
    const huda = await staffMember(site, {
      email: 'huda.sales@noorvale.example',
      name: 'Huda Karim',
      role: 'sales',
      office: 'dubai',
    });
    const sami = await staffMember(site, {
      email: 'sami.sales@noorvale.example',
      name: 'Sami Nasser',
      role: 'sales',
      office: 'dubai',
    });
    const { page } = huda;
    try {
      // Her home screen says which factors she has, in words that count.
      await page
        .getByText(
          'Second factors: 1 passkey, authenticator app not set up, 10 recovery codes left.',
        )
        .waitFor();

      // The lead: an e-mail that links to it, and the bell rings without a reload.
      await dubaiLead('Khalid Rahman', 'Falcon Logistics');
      const notice = await mailWith('huda.sales@noorvale.example', 'New office contact message');
      const link = notice.links.find((href) => /\/admin\/inbox\/\d+$/.test(href));
      assert.ok(link, `the e-mail links to the lead: ${notice.links}`);
      assert.ok(!notice.html.includes('Falcon Logistics'), 'the e-mail holds no visitor text');
      await bell(page).locator('[data-unread-notices="1"]').waitFor();
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
      await page
        .getByRole('list', { name: 'Notifications' })
        .getByRole('link', { name: /New Office contact: number \d+/ })
        .click();
      await page.getByText('Falcon Logistics').waitFor();
      assert.equal(
        new URL(page.url()).pathname,
        new URL(link).pathname,
        'the lead the e-mail named',
      );

      // Given to her colleague, who is e-mailed a link to it.
      await page.getByLabel('Assignee').selectOption({ label: 'Sami Nasser' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The assignee was changed.' }).waitFor();
      const assigned = await mailWith('sami.sales@noorvale.example', 'Assigned to you');
      assert.ok(assigned.links.includes(link), 'the assignee is sent to the lead');
      await bell(sami.page).locator('[data-unread-notices="2"]').waitFor();

      // Two more Dubai leads; the three closed in one action.
      await dubaiLead('Mariam Saeed', 'Saeed Trading');
      await dubaiLead('Yousef Ali', 'Ali Marine');
      await bell(page).locator('[data-unread-notices="2"]').waitFor();
      await nav(page).getByRole('link', { name: 'Inbox' }).click();
      await page.locator('[data-submission]').nth(2).waitFor();
      assert.equal(await page.locator('[data-submission]').count(), 3);
      await page.getByRole('checkbox', { name: 'Choose all shown' }).check();
      await page.getByRole('heading', { name: 'Chosen: 3' }).waitFor();
      await page.getByLabel('Status', { exact: true }).last().selectOption('closed');
      await page.getByRole('button', { name: 'Apply to the chosen items' }).click();
      await page.locator('[data-bulk-results] [data-ok="true"]').nth(2).waitFor();
      assert.equal(await page.locator('[data-bulk-results] [data-ok="false"]').count(), 0);
      await page.locator('[data-submission] [data-status="closed"]').nth(2).waitFor();

      // Closed for the colleague too: nothing of his stays open.
      await nav(sami.page).getByRole('link', { name: 'Home' }).click();
      await sami.page.getByRole('link', { name: 'Assigned to me and open: 0' }).waitFor();
      huda.assertClean();
      sami.assertClean();
    } finally {
      await sami.close();
      await huda.close();
    }
  });

  test('an English change reaches the Arabic translator, who opens it from home in one click, translates and publishes it', async () => {
    const { baseUrl } = site.server;
    const layla = await staffMember(site, {
      email: 'layla.translator@noorvale.example',
      name: 'Layla Mansour',
      role: 'translator',
      languages: ['ar'],
    });
    const editor = await staffMember(site, {
      email: 'rania.editor@noorvale.example',
      name: 'Rania Aziz',
      role: 'editor',
    });
    const { page } = layla;
    try {
      await nav(editor.page).getByRole('link', { name: 'Content' }).click();
      await editor.page.getByRole('link', { name: seeded('en') }).click();
      await editor.page.getByLabel('Title', { exact: true }).fill(newTitle);
      await editor.page.getByRole('button', { name: 'Publish', exact: true }).click();
      await editor.page
        .getByRole('status')
        .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
        .waitFor();

      // The translator is e-mailed and her bell rings; her home screen lists the item.
      const outdated = await mailWith('layla.translator@noorvale.example', newTitle);
      assert.ok(
        outdated.links.some((href) => href.endsWith(`/admin/content/news/${slug}?lang=ar`)),
        `the e-mail links to the Arabic: ${outdated.links}`,
      );
      await bell(page).locator('[data-unread-notices="1"]').waitFor();
      await nav(page).getByRole('link', { name: 'Home' }).click();
      const arabic = page.locator('[data-work-language="ar"]');
      await arabic.getByRole('link', { name: 'Outdated: 1' }).waitFor();

      // One click opens the Arabic, with the English beside it.
      await arabic.getByRole('link', { name: `${newTitle} (Arabic)` }).click();
      await page.getByRole('button', { name: 'Save draft' }).waitFor();
      assert.equal(await page.getByLabel('Language to edit').inputValue(), 'ar');
      await page.locator('[data-outdated-panel]').waitFor();
      await page.getByText(`English: ${newTitle}`).waitFor();

      // She translates and publishes: the public page reads her Arabic, nothing is outdated.
      await page.getByLabel('Title', { exact: true }).fill(newArabicTitle);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
        .waitFor();
      await page.locator('[data-locale="ar"][data-state="published"]').waitFor();
      await until(async () =>
        (await (await fetch(`${baseUrl}/ar/resources/news/${slug}`)).text()).includes(
          newArabicTitle,
        ),
      );
      await nav(page).getByRole('link', { name: 'Home' }).click();
      await page
        .locator('[data-work-language="ar"]')
        .getByRole('link', { name: 'Outdated: 0' })
        .waitFor();
      layla.assertClean();
      editor.assertClean();
    } finally {
      await editor.close();
      await layla.close();
    }
  });

  test('every screen of the walks, in English and Arabic, light and dark, at 375 and 1280 px', async () => {
    const { baseUrl } = site.server;
    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Haddad',
      role: 'administrator',
    });
    // A lead, a pending invitation and an outdated French (from the English change above).
    await dubaiLead('Noura Hassan', 'Hassan Foods');
    await site.server.command([
      'staff',
      'invite',
      '--email',
      'omar@example.com',
      '--role',
      'translator',
      '--languages',
      'fr',
    ]);
    await nav(admin.page).getByRole('link', { name: 'Inbox' }).click();
    const lead = await admin.page
      .locator('[data-submission]')
      .first()
      .getAttribute('data-submission');
    // Signed out, the app's question for the session is answered 401, as it should be.
    const signedOut = await openPage(site.browser, { allowApiStatuses: [401] });
    const screens = [
      ['home', admin, '/admin', '[data-work-language]'],
      ['notifications', admin, '/admin/notifications', 'h1'],
      ['notification e-mails', admin, '/admin/notifications/settings', 'fieldset[data-kind]'],
      ['inbox', admin, '/admin/inbox', '[data-submission]'],
      ['a lead', admin, `/admin/inbox/${lead}`, 'h1'],
      ['outdated content', admin, '/admin/content?lang=fr&state=outdated', '[data-found]'],
      ['the editor', admin, `/admin/content/news/${slug}?lang=ar`, '[data-action-bar]'],
      ['staff', admin, '/admin/staff', '[data-invitation="omar@example.com"]'],
      ['signing in', signedOut, '/admin/login', 'input[type="password"]'],
      ['forgotten password', signedOut, '/admin/forgot', 'input[type="email"]'],
    ];
    try {
      for (const lang of ['en', 'ar']) {
        for (const theme of ['theme-light', 'theme-dark']) {
          for (const width of [1280, 375]) {
            const combination = `${lang} ${theme} ${width} px`;
            for (const tab of [admin, signedOut]) {
              await tab.page.setViewportSize({ width, height: 800 });
              await tab.page.goto(`${baseUrl}/admin/login`);
              await tab.page.evaluate(
                ([l, th]) => {
                  localStorage.setItem('admin-language', l);
                  localStorage.setItem('theme', th);
                },
                [lang, theme],
              );
            }
            for (const [name, tab, path, ready] of screens) {
              await tab.page.goto(baseUrl + path);
              await tab.page.locator(`html[lang="${lang}"].${theme}`).waitFor();
              await tab.page.locator(ready).first().waitFor();
              await noAxeViolations(tab.page, `${name}, ${combination}`);
              assert.equal(await overflow(tab.page), 0, `${name} fits, ${combination}`);
            }
          }
        }
      }
      admin.assertClean();
      signedOut.assertClean();
    } finally {
      await signedOut.close();
      await admin.close();
    }
  });
});
