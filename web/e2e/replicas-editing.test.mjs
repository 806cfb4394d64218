// Editing content with two servers on one PostgreSQL database, as two replicas behind one
// address: an editor changes an English news story on one server and previews it in Arabic at a
// phone's width; publishes English only, and the other server's public English page changes
// (waited for, and the time printed) while its Arabic page stays and is marked outdated; a
// translator assigned Arabic publishes it; the editor restores the previous English version. A
// translator not assigned French is refused French by the server. Runs when TEST_DATABASE_URL
// names a PostgreSQL database, in a schema of its own; skips otherwise.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { replicasSkip as skip, until, useReplicas } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';

const site = useReplicas();

const slug = 'cairo-office-moves-to-new-cairo';
const seeded = (locale) =>
  JSON.parse(
    readFileSync(
      new URL(`../../api/content/seed/collections/${locale}/news/${slug}.json`, import.meta.url),
      'utf8',
    ),
  );
const oldTitle = seeded('en').title;
const oldDescription = seeded('en').description;
const arabicTitle = seeded('ar').title;
const newTitle = 'Our Cairo team moves into a larger office in New Cairo';
const newDescription = 'The Cairo team now works from one floor with a testing laboratory.';
const newArabicTitle = 'فريقنا في القاهرة ينتقل إلى مكتب أكبر في القاهرة الجديدة';

/** The story's public page in a language on a server, as a visitor gets it. */
async function publicPage(server, locale) {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const res = await fetch(`${server.baseUrl}${prefix}/resources/news/${slug}`);
  assert.equal(res.status, 200);
  return res.text();
}

/** Polls a server's page until it holds `text`; resolves to the milliseconds it took. */
async function waitForPublic(server, locale, text) {
  const started = Date.now();
  await until(async () => (await publicPage(server, locale)).includes(text));
  return Date.now() - started;
}

/**
 * Asks a server's site search for `query` until the story is among the results under `title`;
 * resolves to the milliseconds it took. Asks twice a second, under the search's per-client limit.
 */
async function waitForFound(server, query, title) {
  const started = Date.now();
  const path = `/resources/news/${slug}`;
  for (;;) {
    const res = await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent(query)}`);
    assert.equal(res.status, 200, `search answered ${res.status}`);
    const { data } = await res.json();
    if (data.results.some((r) => r.path === path && r.title === title)) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 500)); // polling, not a sleep
  }
}

/** Opens the story's editor from the back-office's navigation. */
async function openStory(page) {
  await page
    .getByRole('navigation', { name: 'Back-office sections' })
    .getByRole('link', { name: 'Content' })
    .click();
  await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
  await page
    .getByRole('link', { name: oldTitle })
    .or(page.getByRole('link', { name: newTitle }))
    .click();
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
}

const published = 'Published. The site shows it in this language within seconds.';

describe('editing on one server, seen on the other', { skip }, () => {
  test('preview, publish per language, outdated, translator, restore', async () => {
    const editor = await staffMember(site, {
      email: 'huda@noorvale.example',
      name: 'Huda Karim',
      role: 'editor',
    });
    const { page } = editor;
    await openStory(page);

    // Two saved drafts of the English: a new title, then a new description as well.
    await page.getByLabel('Title', { exact: true }).fill(newTitle);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    await page.getByLabel('Description', { exact: true }).fill(newDescription);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    assert.ok((await publicPage(site.other, 'en')).includes(oldTitle), 'a draft is not public');

    // The English draft previewed at a desktop's width: the draft, marked as one.
    const panel = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Preview', exact: true }) });
    await panel.getByRole('button', { name: 'Show the preview' }).click();
    const desktop = page.frameLocator('iframe[data-preview-frame="desktop"]');
    await desktop.locator('[data-preview]').getByText('English · version').waitFor();
    await desktop.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    await desktop.locator('[data-preview]').getByText('draft').waitFor();

    // Unsaved changes are not previewed, and the panel says so.
    await page.getByLabel('Title', { exact: true }).fill(`${newTitle} (unsaved)`);
    await panel.locator('[data-preview-unsaved]').waitFor();
    await page.getByLabel('Title', { exact: true }).fill(newTitle);

    // The Arabic at a phone's width, in the dark theme: the Arabic text in its right-to-left frame.
    await panel.getByLabel('Language', { exact: true }).selectOption('ar');
    await panel.getByLabel('Dark', { exact: true }).check();
    await panel.getByLabel('Phone (375 px)').check();
    await panel.getByRole('button', { name: 'Show the preview again' }).click();
    const phone = page.frameLocator('iframe[data-preview-frame="phone"]');
    await phone.locator('html[lang="ar"][dir="rtl"].theme-dark').waitFor();
    await phone.locator('[data-preview]').getByText('Arabic').waitFor();
    await phone.getByRole('heading', { level: 1, name: arabicTitle }).waitFor();
    const frame = page.locator('iframe[data-preview-frame="phone"]');
    assert.equal(await frame.getAttribute('width'), '375');
    assert.equal(
      await frame.evaluate((f) => {
        const d = f.contentDocument.documentElement;
        return d.scrollWidth - d.clientWidth;
      }),
      0,
      'the preview fits a phone',
    );
    assert.equal(await phone.locator('script').count(), 0, 'nothing runs in a preview');
    await noAxeViolations(page, 'the editor with an Arabic preview');

    // The preview's address is the server's, for staff only, and never cached.
    const answer = await page.evaluate(async (path) => {
      const res = await fetch(path);
      return { status: res.status, cache: res.headers.get('Cache-Control') };
    }, `/api/admin/content/news/${slug}/ar/preview?theme=dark`);
    assert.deepEqual(answer, { status: 200, cache: 'no-store' });
    const anonymous = await fetch(
      `${site.server.baseUrl}/api/admin/content/news/${slug}/ar/preview`,
    );
    assert.equal(anonymous.status, 401);

    // English published on this server: the other server's English page changes.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: published }).waitFor();
    const took = await waitForPublic(site.other, 'en', newTitle);
    console.log(`edit published on one server → seen on the other: ${took} ms`);
    // Its new title is found by the other server's site search too, by words only it holds.
    const foundIn = await waitForFound(site.other, 'larger office New Cairo', newTitle);
    console.log(`edit published on one server → found by the other's search: ${took + foundIn} ms`);
    const arabic = await publicPage(site.other, 'ar');
    assert.ok(arabic.includes(arabicTitle) && !arabic.includes(newTitle), 'Arabic is unchanged');
    await page.locator('[data-locale="ar"][data-state="published"][data-outdated]').waitFor();

    // A translator assigned Arabic publishes it; the other server shows it.
    const translator = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Haddad',
      role: 'translator',
      languages: ['ar'],
    });
    await openStory(translator.page);
    await translator.page.getByLabel('Title', { exact: true }).fill(newArabicTitle);
    await translator.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await translator.page.getByRole('status').filter({ hasText: published }).waitFor();
    await waitForPublic(site.other, 'ar', newArabicTitle);
    await translator.page.locator('[data-locale="ar"][data-state="published"]').waitFor();
    assert.equal(await translator.page.locator('[data-locale="ar"][data-outdated]').count(), 0);

    // The server, not the app, refuses the translator French.
    const refused = await translator.page.evaluate(async (path) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ version: 1 }),
      });
      return res.status;
    }, `/api/admin/content/news/${slug}/fr/publish`);
    assert.equal(refused, 403);

    // The editor restores the previous English version, the new title with the old description,
    // and publishes it: the other server's English page shows it.
    await openStory(page);
    // The versions are listed newest first; version 1 is the shipped text, version 2 the first
    // draft, with the new title and the old description.
    await page
      .locator('li[data-version]')
      .filter({ hasText: 'Version 2' })
      .getByRole('button', { name: /^Restore the version of/ })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The version was restored as a new draft.' })
      .waitFor();
    assert.equal(
      await page.getByLabel('Description', { exact: true }).inputValue(),
      oldDescription,
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: published }).waitFor();
    await waitForPublic(site.other, 'en', oldDescription);
    assert.ok((await publicPage(site.other, 'en')).includes(newTitle));
    assert.ok((await publicPage(site.other, 'ar')).includes(newArabicTitle), 'Arabic stays');

    for (const tab of [editor, translator]) {
      tab.assertClean();
      await tab.close();
    }
  });
});
