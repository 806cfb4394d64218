// Staff are told about their work, in a real browser against a real server: a contact form to the
// Dubai office e-mails the Dubai salesperson and rings her bell without a reload; she gives it to
// a colleague, who is e-mailed and notified; an editor publishes a changed English and the Arabic
// translator is notified and reaches the item from her home screen in one click. Then the
// translator's screens in Arabic, dark, on a phone: the home screen, the notifications and the
// choice of how each kind is e-mailed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer, until } from './harness.mjs';
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

/** Waits for the outbox's message to `email` of mail kind `kind`; resolves to its entry. */
const waitForMail = (email, kind) =>
  until(async () => (await mailTo(email)).find((m) => m.html.includes(` · ${kind} · `)));

const slug = 'cairo-office-moves-to-new-cairo';
const oldTitle = JSON.parse(
  readFileSync(
    new URL(`../../api/content/seed/collections/en/news/${slug}.json`, import.meta.url),
    'utf8',
  ),
).title;
const newTitle = 'Our Cairo team moves to a larger office in New Cairo';

const bell = (page) => page.locator('header a[href="/admin/notifications"]');
const nav = (page) => page.getByRole('navigation', { name: 'Back-office sections' });
const overflow = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('notifications', () => {
  test('leads, assignments and outdated translations reach the right people', async () => {
    const { baseUrl } = site.server;
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
    const layla = await staffMember(site, {
      email: 'layla.translator@noorvale.example',
      name: 'Layla Mansour',
      role: 'translator',
      languages: ['ar'],
      width: 375,
      height: 740,
    });

    // A Dubai lead: an e-mail and an unread notification, without a reload.
    await sendForm(baseUrl, 'contact/dubai', {
      name: 'Khalid Rahman',
      email: 'khalid.rahman@example.com',
      phone: '+971 4 555 0199',
      company: 'Falcon Logistics',
      message: 'We need an ISO 27001 gap assessment before our audit.',
    });
    const notice = await waitForMail('huda.sales@noorvale.example', 'staff-notice');
    const link = notice.links.find((href) => /\/admin\/inbox\/\d+$/.test(href));
    assert.ok(link, `the e-mail links to the lead: ${notice.links}`);
    assert.match(notice.html, /New office contact message: number \d+/);
    assert.ok(
      !notice.html.includes('Khalid') && !notice.html.includes('ISO 27001 gap'),
      'no visitor text',
    );
    await bell(huda.page).locator('[data-unread-notices="1"]').waitFor();
    await huda.page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await huda.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await noAxeViolations(huda.page, 'notifications, English light');
    await huda.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link', { name: /New Office contact: number \d+/ })
      .click();
    await huda.page.getByText('Falcon Logistics').waitFor();
    assert.equal(await bell(huda.page).locator('[data-unread-notices]').count(), 0);

    // She gives it to her colleague, who is e-mailed and notified.
    await huda.page.getByLabel('Assignee').selectOption({ label: 'Sami Nasser' });
    await huda.page.getByRole('button', { name: 'Save' }).click();
    await huda.page.getByRole('status').filter({ hasText: 'The assignee was changed.' }).waitFor();
    const assigned = await until(async () =>
      (await mailTo('sami.sales@noorvale.example')).find((m) => m.html.includes('Assigned to you')),
    );
    assert.ok(assigned.links.includes(link), 'the assignee is sent to the lead');
    await bell(sami.page).locator('[data-unread-notices="2"]').waitFor();
    await sami.page.getByRole('link', { name: 'Notifications, 2 unread' }).click();
    await sami.page.getByText(/Assigned to you: Office contact number \d+/).waitFor();
    await sami.page.getByRole('button', { name: 'Mark all as read' }).click();
    await sami.page.locator('[data-unread="0"]').waitFor();
    await bell(sami.page).getByText('Notifications', { exact: true }).waitFor();

    // An editor publishes a changed English: the Arabic translator is told.
    const editor = await staffMember(site, {
      email: 'rania.editor@noorvale.example',
      name: 'Rania Aziz',
      role: 'editor',
    });
    await nav(editor.page).getByRole('link', { name: 'Content' }).click();
    await editor.page.getByRole('link', { name: oldTitle }).click();
    await editor.page.getByLabel('Title', { exact: true }).fill(newTitle);
    await editor.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await editor.page
      .getByRole('status')
      .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
      .waitFor();
    const outdated = await waitForMail('layla.translator@noorvale.example', 'staff-notice');
    assert.ok(outdated.html.includes(newTitle), 'the e-mail names the item');
    assert.ok(
      outdated.links.some((href) => href.endsWith(`/admin/content/news/${slug}?lang=ar`)),
      `the e-mail links to the Arabic: ${outdated.links}`,
    );
    const { page } = layla;
    await bell(page).locator('[data-unread-notices="1"]').waitFor();

    // From her home screen, one click opens the item in Arabic.
    await nav(page).getByRole('link', { name: 'Home' }).click();
    const arabic = page.locator('[data-work-language="ar"]');
    await arabic.getByRole('link', { name: 'Outdated: 1' }).waitFor();
    await noAxeViolations(page, 'home, English light, phone');
    assert.equal(await overflow(page), 0, 'the home screen fits a phone');
    await arabic.getByRole('link', { name: `${newTitle} (Arabic)` }).click();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    assert.equal(await page.getByLabel('Language to edit').inputValue(), 'ar');
    await page.locator('[data-outdated-panel]').waitFor();

    // In Arabic, dark, on a phone: home, notifications and the e-mail settings.
    await page.locator('button[lang="ar"]').click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await page.locator('header button[data-theme-switch]').click();
    await page.locator('html.theme-dark').waitFor();
    await page
      .getByRole('navigation', { name: 'أقسام لوحة الإدارة' })
      .getByRole('link', { name: 'الرئيسية' })
      .click();
    await page.getByRole('heading', { name: 'عملك' }).waitFor();
    await page
      .locator('[data-work-language="ar"]')
      .getByRole('link', { name: 'غير محدّثة: 1' })
      .waitFor();
    await noAxeViolations(page, 'home, Arabic dark, phone');
    assert.equal(await overflow(page), 0, 'the Arabic home screen fits a phone');
    await page.getByRole('link', { name: 'الإشعارات، 1 غير مقروءة' }).click();
    await page.getByRole('heading', { name: 'الإشعارات', level: 1 }).waitFor();
    await page.getByText(`تغيّر النص الإنجليزي لـ«${newTitle}»`).waitFor();
    await noAxeViolations(page, 'notifications, Arabic dark, phone');
    assert.equal(await overflow(page), 0, 'the notifications fit a phone');
    await page.getByRole('button', { name: 'علّمه كمقروء' }).click();
    await page.locator('[data-unread="0"]').waitFor();
    await page.getByRole('link', { name: 'اختر ما يصلك عنه بريد' }).click();
    await page.getByRole('heading', { name: 'رسائل الإشعارات' }).waitFor();
    const kind = page.locator('fieldset[data-kind="translation-outdated"]');
    await kind.getByLabel('الملخص اليومي').check();
    await page.getByLabel('الساعة').selectOption('7');
    await page.getByLabel('المنطقة الزمنية').selectOption('Asia/Dubai');
    await page.getByRole('button', { name: 'احفظ الإعدادات' }).click();
    await page.getByText('حُفظت إعدادات إشعاراتك.').waitFor();
    await noAxeViolations(page, 'notification settings, Arabic dark, phone');
    assert.equal(await overflow(page), 0, 'the settings fit a phone');
    await page.reload();
    await page
      .locator('fieldset[data-kind="translation-outdated"] input[value="digest"]:checked')
      .waitFor();
    assert.equal(await page.getByLabel('المنطقة الزمنية').inputValue(), 'Asia/Dubai');

    // The salesperson's screens in English, dark, on a desktop.
    await huda.page.locator('header button[data-theme-switch]').click();
    await huda.page.locator('html.theme-dark').waitFor();
    await nav(huda.page).getByRole('link', { name: 'Home' }).click();
    await huda.page.getByRole('link', { name: 'New and not taken: 0' }).waitFor();
    await noAxeViolations(huda.page, 'home, English dark');
    await huda.page.getByRole('link', { name: 'Notifications' }).first().click();
    await huda.page.getByRole('link', { name: 'Choose what you are e-mailed about' }).click();
    await huda.page.getByRole('heading', { name: 'Notification e-mails' }).waitFor();
    await noAxeViolations(huda.page, 'notification settings, English dark');
  });
});
