// Versions, conflicts and unsaved changes in a real browser against a real server: a version's
// changes against the one before it, word by word (a word removed, words added); another
// language, a link or the back button with unsaved changes asks first; two editors saving the
// same story: the second sees what the first changed and their own changes, takes the first
// one's title and saves on top; the first editor's open form follows the newer version when its
// window is back in view. Axe on the diff and the conflict in English light and Arabic dark, at
// 375 px.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertFits, launchBrowser, startServer, until } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost' });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

const slug = 'cairo-office-moves-to-new-cairo';
const first = 'Our Cairo office moves to a larger building';
const second = 'Our Cairo team moves to a larger building today';
const third = 'Our Cairo team moves to a larger building this week';
const shipped = 'Our Cairo office moves to the Fifth Settlement, New Cairo';
const description =
  'The Cairo team now works from larger premises with a segregated testing laboratory.';

/** Opens the story's editor from the back-office's navigation. */
async function openStory(page) {
  await page
    .getByRole('navigation', { name: 'Back-office sections' })
    .getByRole('link', { name: 'Content' })
    .click();
  await page.locator(`[data-slug="${slug}"] a`).click();
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
}

/** Saves the form and waits until the version list shows `count` versions. */
async function saveDraft(page, count) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.locator(`[data-version]:nth-child(${count})`).waitFor();
}

/** The English story as the server holds it: its latest version's text. */
const latest = (page) =>
  page.evaluate(async (path) => {
    const res = await fetch(path);
    return (await res.json()).data.languages.en.latest.body;
  }, `/api/admin/content/news/${slug}`);

describe('versions, conflicts and unsaved changes', () => {
  test('a word diff of versions, a warning before leaving, a conflict resolved', async () => {
    const huda = await staffMember(site, {
      email: 'huda@noorvale.example',
      name: 'Huda Karim',
      role: 'editor',
    });
    const { page } = huda;
    await openStory(page);
    const title = page.getByLabel('Title', { exact: true });

    // Two saves: the newer one's changes against the first, a word removed and two added.
    // The first save keeps the shipped text as version 1 under it.
    await title.fill(first);
    await saveDraft(page, 2);
    await title.fill(second);
    await saveDraft(page, 3);
    const newest = page.locator('[data-version]').first();
    const toggle = newest.getByRole('button', { name: /^Changes in the version of / });
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const titleDiff = newest.locator('[data-version-changes] [data-diff-field="title"]');
    await titleDiff.locator('del').first().waitFor();
    assert.deepEqual(await titleDiff.locator('del').allTextContents(), ['removed: office']);
    assert.deepEqual(
      (await titleDiff.locator('ins').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim()),
      ['added: team', 'added: today'],
    );
    await newest.getByText(/^Unchanged: Description, Date/).waitFor();
    await noAxeViolations(page, 'version diff, English light');
    // Against the published text instead: the seeded title is what it differs from.
    await newest.getByLabel('the published text').check();
    await newest
      .getByText('What restoring and publishing this version would change on the site.')
      .waitFor();
    await titleDiff.locator('del').filter({ hasText: 'Fifth Settlement' }).waitFor();

    // Unsaved changes: another language asks first, and keeping them keeps them.
    await title.fill('A title not saved yet');
    await page.getByLabel('Language to edit').selectOption('ar');
    const ask = page.getByRole('dialog', { name: 'Discard your unsaved changes?' });
    await ask.getByText('Your changes to the English text are not saved.').waitFor();
    await noAxeViolations(page, 'the unsaved-changes question');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Language to edit').inputValue(), 'en');
    assert.equal(await title.inputValue(), 'A title not saved yet');
    // So does leaving by the app's own links.
    await page.getByRole('link', { name: 'Back to News' }).click();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.match(page.url(), new RegExp(`/admin/content/news/${slug}$`));
    // And the browser's back button: the address stays the item's until the answer is to go.
    await page.goBack();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.match(page.url(), new RegExp(`/admin/content/news/${slug}$`));
    assert.equal(await title.inputValue(), 'A title not saved yet');
    // Discarding them goes on to the Arabic.
    await page.getByLabel('Language to edit').selectOption('ar');
    await ask.getByRole('button', { name: 'Discard my changes' }).click();
    await page.getByRole('heading', { name: 'The Arabic text' }).waitFor();
    await page.getByLabel('Language to edit').selectOption('en');
    await page.getByRole('heading', { name: 'The English text' }).waitFor();
    assert.equal(await title.inputValue(), second);

    // Two editors: Omar changes the description and, before he saves, Huda saves a title.
    const omar = await staffMember(site, {
      email: 'omar@noorvale.example',
      name: 'Omar Nasser',
      role: 'editor',
      allowApiStatuses: [401, 403, 409],
    });
    await openStory(omar.page);
    await omar.page.getByLabel('Description', { exact: true }).fill(description);
    await title.fill(third);
    await saveDraft(page, 4);
    await omar.page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = omar.page.locator('[data-conflict]');
    await conflict
      .getByRole('alert')
      .getByText(/^Huda Karim saved it on /)
      .waitFor();
    const theirs = conflict.locator('[data-conflict-side="theirs"]');
    const mine = conflict.locator('[data-conflict-side="mine"]');
    await theirs
      .getByRole('heading', { name: 'What Huda Karim changed since the version you started from' })
      .waitFor();
    await theirs
      .locator('[data-diff-field="title"] ins')
      .filter({ hasText: 'this week' })
      .waitFor();
    await mine.locator('[data-diff-field="description"] ins').first().waitFor();
    assert.equal(await mine.locator('[data-diff-field="title"]').count(), 0);
    assert.deepEqual((await latest(omar.page)).title, third, 'nothing was overwritten');
    await noAxeViolations(omar.page, 'conflict, English light');

    // The same in Arabic, dark, on a phone; and a version's changes there.
    await omar.page.locator('button[lang="ar"]').click();
    await omar.page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await omar.page.locator('header button[data-theme-switch]').click();
    await omar.page.locator('html.theme-dark').waitFor();
    await theirs.getByRole('heading', { name: /^ما غيّره Huda Karim/ }).waitFor();
    await noAxeViolations(omar.page, 'conflict, Arabic dark');
    await omar.page.setViewportSize({ width: 375, height: 740 });
    await assertFits(omar.page, 'the conflict fits a phone');
    const omarNewest = omar.page.locator('[data-version]').first();
    await omarNewest.locator('button[aria-expanded]').click();
    await omarNewest.locator('[data-diff-field="title"] del').first().waitFor();
    await noAxeViolations(omar.page, 'version diff, Arabic dark');
    await assertFits(omar.page, 'the version diff fits a phone');

    // Omar takes Huda's title into his form and saves his description on top of her version.
    await conflict.getByRole('button', { name: 'استخدام العنوان من نسخته' }).click();
    assert.equal(await omar.page.getByLabel('العنوان', { exact: true }).inputValue(), third);
    await conflict.getByRole('button', { name: 'حفظ نسختي فوق نسخته' }).click();
    await conflict.waitFor({ state: 'detached' });
    await omar.page.locator('[data-version]:nth-child(5)').waitFor();
    const saved = await latest(omar.page);
    assert.equal(saved.title, third);
    assert.equal(saved.description, description);

    // Huda's form, with nothing unsaved, follows Omar's version once her window is back in view.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page
      .getByRole('status')
      .filter({
        hasText: 'Omar Nasser saved a newer version of this language; the form now shows it.',
      })
      .waitFor();
    assert.equal(await page.getByLabel('Description', { exact: true }).inputValue(), description);

    for (const tab of [huda, omar]) {
      tab.assertClean();
      await tab.close();
    }
  });

  test('version 1, the shipped text, compared with the latest and restored', async () => {
    const layla = await staffMember(site, {
      email: 'layla@noorvale.example',
      name: 'Layla Haddad',
      role: 'editor',
    });
    const { page } = layla;
    await openStory(page);
    // Version 1 is the text the site shipped with, by the shipped site.
    const oldest = page.locator('[data-version]').last();
    await oldest.getByText(/^Version 1/).waitFor();
    assert.equal(await oldest.locator('[data-author]').textContent(), 'The shipped site');

    // Version 1 against the latest, chosen as A and B; the address keeps the choice.
    const compare = page.locator('[data-compare-versions]');
    const ids = await page
      .locator('[data-version]')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-version')));
    await compare.getByLabel('Version A (before)').selectOption(ids.at(-1));
    await compare.getByLabel('Version B (after)').selectOption(ids[0]);
    const titleDiff = compare.locator('[data-diff-field="title"]');
    await titleDiff.locator('del').filter({ hasText: 'Fifth Settlement' }).waitFor();
    await titleDiff.locator('ins').filter({ hasText: 'this week' }).waitFor();
    await until(async () => new URL(page.url()).searchParams.get('b') === ids[0]);
    const shared = new URL(page.url());
    assert.equal(shared.searchParams.get('a'), ids.at(-1));
    await noAxeViolations(page, 'two versions compared, English light');

    // The address opens the same comparison for whoever it is shared with.
    await page.goto(shared.href);
    await titleDiff.locator('del').filter({ hasText: 'Fifth Settlement' }).waitFor();

    // Restoring version 1 and publishing it puts the shipped text back on the site.
    await compare.getByRole('button', { name: 'Restore version 1 as a new draft' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await until(async () => (await title.inputValue()) === shipped);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
      .waitFor();
    await until(async () => {
      const res = await fetch(`${site.server.baseUrl}/resources/news/${slug}`);
      const html = await res.text();
      return res.status === 200 && html.includes(shipped) && !html.includes(third);
    });

    // Arabic, dark, on a phone: the shipped site is named in Arabic and the comparison fits.
    await page.locator('button[lang="ar"]').click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await page.locator('header button[data-theme-switch]').click();
    await page.locator('html.theme-dark').waitFor();
    await oldest.locator('[data-author]').filter({ hasText: 'الموقع كما صدر' }).waitFor();
    await page.setViewportSize({ width: 375, height: 740 });
    await titleDiff.locator('del').first().waitFor();
    await noAxeViolations(page, 'two versions compared, Arabic dark');
    await assertFits(page, 'the comparison fits a phone');

    layla.assertClean();
    await layla.close();
  });
});
