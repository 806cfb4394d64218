// Finding content and acting on many items at once, in a real browser against a real server: an
// editor changes the English of a news story and of a blog post; the Arabic translator opens the
// content list, follows the Arabic outdated count to both items across collections, reloads and
// keeps the filter (it lives in the address), finds the story by a word of its Arabic text, and
// publishes her two Arabic drafts in one bulk action. A salesperson exports three chosen leads and
// closes them in one bulk action, each recorded in the audit trail. English light at 1280 px and
// Arabic dark at 375 px, axe finding nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { assertFits, launchBrowser, startServer } from './harness.mjs';
import { download, noAxeViolations, sendForm, staffMember } from './staff.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost' });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

const story = { collection: 'news', slug: 'cairo-office-moves-to-new-cairo' };
const post = { collection: 'blogs', slug: 'how-to-scope-a-penetration-test' };
const seeded = (item, locale) =>
  JSON.parse(
    readFileSync(
      new URL(
        `../../api/content/seed/collections/${locale}/${item.collection}/${item.slug}.json`,
        import.meta.url,
      ),
      'utf8',
    ),
  );
// A word of the story's Arabic text that no other page or item holds.
const arabicWord = 'ومختبرًا';

/** Calls the back-office API from the page, with its session; resolves to status and body. */
function api(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/admin${p}`, {
        method: m,
        headers: b === undefined ? {} : { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body],
  );
}

/** Saves a new title in one language of an item as a draft; resolves to the version saved. */
async function saveTitle(page, item, locale, title) {
  const shown = await api(page, 'GET', `/content/${item.collection}/${item.slug}`);
  const language = shown.body.data.languages[locale];
  const saved = await api(page, 'PUT', `/content/${item.collection}/${item.slug}/${locale}`, {
    base: language.latest?.id ?? 0,
    body: { ...(language.latest?.body ?? language.live), title },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return saved.body.data.id;
}

/** Turns the back-office to Arabic, dark, at a phone's width. */
async function arabicDarkPhone(page) {
  await page.locator('button[lang="ar"]').click();
  await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
  await page.locator('header button[data-theme-switch]').click();
  await page.locator('html.theme-dark').waitFor();
  await page.setViewportSize({ width: 375, height: 740 });
}

/** Back to English, light, at a desktop's width. */
async function englishLightDesktop(page) {
  await page.locator('button[lang="en"]').click();
  await page.locator('header button[data-theme-switch]').click();
  await page.locator('html[lang="en"].theme-light').waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });
}

const nav = (page) => page.getByRole('navigation', { name: 'Back-office sections' });

describe('finding content and bulk actions', () => {
  test('a translator finds the outdated items in one click, searches Arabic, publishes two at once', async () => {
    const editor = await staffMember(site, {
      email: 'huda@noorvale.example',
      name: 'Huda Karim',
      role: 'editor',
    });
    for (const item of [story, post]) {
      const version = await saveTitle(
        editor.page,
        item,
        'en',
        `${seeded(item, 'en').title}, revised`,
      );
      const published = await api(
        editor.page,
        'POST',
        `/content/${item.collection}/${item.slug}/en/publish`,
        { version },
      );
      assert.equal(published.status, 200);
    }

    const translator = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Aziz',
      role: 'translator',
      languages: ['ar'],
    });
    const { page } = translator;
    await nav(page).getByRole('link', { name: 'Content' }).click();
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
    // One click from the count: both outdated items, from two collections.
    await page.locator('[data-count="ar"] [data-outdated-count="2"] a').click();
    await page.waitForURL('**/admin/content?lang=ar&state=outdated');
    await page.locator('[data-found="2"]').waitFor();
    for (const item of [story, post]) {
      await page
        .locator(`[data-collection="${item.collection}"][data-slug="${item.slug}"]`)
        .locator('[data-locale="ar"][data-outdated]')
        .waitFor();
    }
    await noAxeViolations(page, 'outdated in Arabic, English light');

    // The filter is the address: a reload shows the same list and the same choices.
    await page.reload();
    await page.locator('[data-found="2"]').waitFor();
    assert.equal(await page.getByLabel('State', { exact: true }).inputValue(), 'outdated');
    assert.equal(await page.getByLabel('Language', { exact: true }).inputValue(), 'ar');

    // A word of the Arabic text finds the story alone.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL('**/admin/content');
    await page.getByRole('searchbox', { name: 'Search' }).fill(arabicWord);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`**/admin/content?q=${encodeURIComponent(arabicWord)}`);
    await page.locator('[data-found="1"]').waitFor();
    await page.locator(`[data-slug="${story.slug}"]`).waitFor();

    // Her two Arabic drafts, published in one action.
    for (const item of [story, post]) {
      await saveTitle(page, item, 'ar', `${seeded(item, 'ar').title} (محدّث)`);
    }
    await page.goto(`${site.server.baseUrl}/admin/content?lang=ar&state=outdated`);
    await page.locator('[data-found="2"]').waitFor();
    await page.getByRole('checkbox', { name: 'Choose all shown' }).check();
    await page.getByRole('heading', { name: 'Chosen: 2' }).waitFor();
    await noAxeViolations(page, 'bulk bar, English light');
    await arabicDarkPhone(page);
    await page.getByRole('heading', { name: 'المختار: 2' }).waitFor();
    await noAxeViolations(page, 'bulk bar, Arabic dark');
    await assertFits(page, 'the content list fits a phone');
    assert.equal(await page.getByLabel('اللغة', { exact: true }).last().inputValue(), 'ar');
    await page.getByRole('button', { name: 'طبّق على العناصر المختارة' }).click();
    await page.getByRole('status').filter({ hasText: 'تم 2 من 2.' }).waitFor();
    assert.equal(await page.locator('[data-bulk-results] [data-ok="true"]').count(), 2);
    // Published: no longer outdated.
    await page.locator('[data-found="0"]').waitFor();
    await page.locator('[data-count="ar"] [data-outdated-count="0"]').waitFor();
    await noAxeViolations(page, 'after the bulk publish, Arabic dark');
    await englishLightDesktop(page);
  });

  test('a salesperson closes three leads in one bulk action, each in the audit trail', async () => {
    const { baseUrl } = site.server;
    for (const [name, company] of [
      ['Lina Farouk', 'Farouk Shipping'],
      ['Omar Haddad', 'Haddad Logistics'],
      ['Sara Mansour', 'Mansour Retail'],
    ]) {
      await sendForm(baseUrl, 'proposal', {
        name,
        email: `${name.split(' ')[0].toLowerCase()}@example.com`,
        phone: '+971 50 123 4567',
        company,
        country: 'United Arab Emirates',
        companySize: '250-999',
        timeline: '1-3-months',
        services: ['/services/cybersecurity-services/penetration-testing'],
        message: 'A penetration test before our PCI DSS assessment.',
      });
    }
    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Haddad',
      role: 'administrator',
    });
    const sales = await staffMember(site, {
      email: 'sami@noorvale.example',
      name: 'Sami Nasser',
      role: 'sales',
    });
    const { page } = sales;
    await nav(page).getByRole('link', { name: 'Inbox' }).click();
    await page.locator('[data-submission]').nth(2).waitFor();
    await page.getByRole('checkbox', { name: 'Choose all shown' }).check();
    await page.getByRole('heading', { name: 'Chosen: 3' }).waitFor();
    // The chosen leads exported: words a person reads, the codes in columns of their own.
    const csv = await download(
      page,
      page.getByRole('button', { name: 'Export the chosen as CSV' }),
    );
    assert.equal(csv.text.trim().split('\n').length, 4);
    assert.match(csv.text, /,250–999 employees,250-999,In 1–3 months,1-3-months,/);
    await page.getByLabel('Status', { exact: true }).last().selectOption('closed');
    await noAxeViolations(page, 'inbox bulk bar, English light');
    await arabicDarkPhone(page);
    await noAxeViolations(page, 'inbox bulk bar, Arabic dark');
    await assertFits(page, 'the inbox fits a phone');
    await page.getByRole('button', { name: 'طبّق على العناصر المختارة' }).click();
    await page.getByRole('status').filter({ hasText: 'تم 3 من 3.' }).waitFor();
    await page.locator('[data-status="closed"]').nth(2).waitFor();
    await englishLightDesktop(page);

    const trail = await api(admin.page, 'GET', '/audit?action=submission-status');
    assert.equal(trail.status, 200);
    const closings = trail.body.data.events.filter((e) => e.detail === 'new → closed');
    assert.equal(closings.length, 3, JSON.stringify(trail.body.data.events));
  });
});
