// Editing the site's content in a real browser against a real server: an editor changes an
// English news story's title, saves a draft the public page does not show, publishes English
// (the English page changes, the Arabic one does not); a translator assigned Arabic publishes
// Arabic and is refused French by the server; two editors saving the same story: the second is
// told who saved first and chooses, and restores the first version. The changed English marks
// the Arabic outdated, with the English before and after, until the translator publishes Arabic.
// A scheduled unpublication of Arabic fires, the Arabic page falls back to English and the open
// editor shows it. Axe in English light and Arabic dark, and a phone's width. A story's text is
// written in the rich-text editor (a heading, bold, a list, a link) and the public page shows it
// so; the server refuses a node it does not know.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { assertFits, WAIT_GUARD, launchBrowser, startServer, until } from './harness.mjs';
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
const seeded = (locale) =>
  JSON.parse(
    readFileSync(
      new URL(`../../api/content/seed/collections/${locale}/news/${slug}.json`, import.meta.url),
      'utf8',
    ),
  );
const oldTitle = seeded('en').title;
const arabicTitle = seeded('ar').title;
const newTitle = 'Our Cairo team opens a larger office with a testing laboratory';
const newArabicTitle = 'فريقنا في القاهرة يفتتح مكتبًا أكبر يضم مختبرًا للاختبارات';

/** An element's text as it reads on screen, without the words only screen readers get. */
const seen = (locator) =>
  locator.evaluate((el) => {
    const copy = el.cloneNode(true);
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return copy.textContent;
  });

/** The public page of the story in a language, as a visitor gets it. */
async function publicPage(locale) {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const res = await fetch(`${site.server.baseUrl}${prefix}/resources/news/${slug}`);
  assert.equal(res.status, 200);
  return res.text();
}

/** Waits until the public page in a language holds `text`, polling it as a visitor would. */
async function waitForPublic(locale, text) {
  await until(async () => (await publicPage(locale)).includes(text));
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

describe('editing content', () => {
  test('drafts, publishing per language, a translator, a conflict', async () => {
    const editor = await staffMember(site, {
      email: 'huda@noorvale.example',
      name: 'Huda Karim',
      role: 'editor',
      allowApiStatuses: [400, 401, 403],
    });
    const { page } = editor;

    // The list: every item with a badge per language.
    await page
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Content' })
      .click();
    const item = page.locator(`[data-slug="${slug}"]`);
    await item.locator('[data-locale="en"][data-state="published"]').waitFor();
    await noAxeViolations(page, 'content list, English light');
    await page.getByRole('link', { name: oldTitle }).click();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    await noAxeViolations(page, 'editor, English light');

    // A draft: saved, not shown.
    await page.getByLabel('Title', { exact: true }).fill(newTitle);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Draft saved. The site shows it once it is published.' })
      .waitFor();
    assert.ok((await publicPage('en')).includes(oldTitle), 'a draft is not public');
    await page.locator('[data-locale="en"][data-state="draft"]').waitFor();

    // A field the shape refuses is named under the field, and nothing is saved.
    await page.getByLabel('Date', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('[data-field="date"]').getByRole('alert').waitFor();
    await page.getByLabel('Date', { exact: true }).fill('2025-07-20');

    // Publishing English: the English page changes, the Arabic one does not.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
      .waitFor();
    await waitForPublic('en', newTitle);
    const arabic = await publicPage('ar');
    assert.ok(arabic.includes(arabicTitle) && !arabic.includes(newTitle), 'Arabic is unchanged');
    await page.locator('[data-locale="en"][data-state="published"]').waitFor();
    await page.locator('[data-version]').first().waitFor();

    // The Arabic, published against the old English, is outdated and shows what changed.
    await page.locator('[data-locale="ar"][data-state="published"][data-outdated]').waitFor();
    await page.getByLabel('Language to edit').selectOption('ar');
    const changes = page.locator('[data-outdated-panel]');
    await changes
      .getByRole('heading', { name: 'The English changed after this translation was published' })
      .waitFor();
    const titleChange = changes.locator('[data-changed-field="title"]');
    // Each side whole, its changed words marked: struck through before, underlined now.
    assert.equal(await seen(titleChange.locator('[data-english="before"] dd')), oldTitle);
    assert.equal(await seen(titleChange.locator('[data-english="now"] dd')), newTitle);
    await titleChange.locator('[data-english="before"] del').first().waitFor();
    await titleChange.locator('[data-english="now"] ins').first().waitFor();
    assert.equal(
      await changes.locator('[data-changed-field]').count(),
      1,
      'only the title changed',
    );
    await changes.getByText(/^Unchanged: .*Date/).waitFor();
    await noAxeViolations(page, 'an outdated translation, English light');

    // The editor in Arabic, dark, and on a phone.
    await page.locator('button[lang="ar"]').click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await page.getByRole('button', { name: 'المظهر الداكن' }).click();
    await page.locator('html.theme-dark').waitFor();
    await page.getByRole('button', { name: 'حفظ المسودة' }).waitFor();
    await noAxeViolations(page, 'editor, Arabic dark');
    await page.setViewportSize({ width: 375, height: 740 });
    await assertFits(page, 'the editor fits a phone');
    await page.locator('[data-outdated-panel]').getByText('تغيّر النص الإنجليزي').waitFor();
    await page.getByRole('link', { name: 'العودة إلى الأخبار' }).click();
    await page.locator(`[data-slug="${slug}"]`).waitFor();
    await page
      .locator(`[data-slug="${slug}"] [data-locale="ar"][data-outdated]`)
      .getByText('قديمة')
      .waitFor();
    await page.locator('[data-count="ar"] [data-outdated-count="1"]').waitFor();
    await noAxeViolations(page, 'content list, Arabic dark');
    await assertFits(page, 'the list fits a phone');
    await page.locator('button[lang="en"]').click();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.locator('html[lang="en"].theme-light').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });

    // A translator assigned Arabic sees Arabic only, with the English beside it, and publishes it.
    const translator = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Haddad',
      role: 'translator',
      languages: ['ar'],
    });
    await openStory(translator.page);
    const choice = translator.page.getByLabel('Language to edit');
    assert.deepEqual(await choice.locator('option').allTextContents(), ['Arabic']);
    await translator.page.getByText(`English: ${newTitle}`).waitFor();
    const before = translator.page.locator(
      '[data-outdated-panel] [data-changed-field="title"] [data-english="before"] dd',
    );
    await before.waitFor();
    assert.equal(await seen(before), oldTitle);
    await translator.page.getByLabel('Title', { exact: true }).fill(newArabicTitle);
    await translator.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await translator.page
      .getByRole('status')
      .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
      .waitFor();
    await waitForPublic('ar', newArabicTitle);
    assert.ok((await publicPage('en')).includes(newTitle), 'English is as the editor left it');
    // Published again, the Arabic is current: no panel, no badge, none counted.
    await translator.page.locator('[data-locale="ar"][data-state="published"]').waitFor();
    assert.equal(await translator.page.locator('[data-outdated-panel]').count(), 0);
    assert.equal(await translator.page.locator('[data-locale="ar"][data-outdated]').count(), 0);
    // French and Dutch, not published again, are still outdated.
    await translator.page.locator('[data-locale="fr"][data-outdated]').waitFor();
    const current = await translator.page.evaluate(async (path) => {
      const res = await fetch(path);
      return (await res.json()).data;
    }, `/api/admin/content/news`);
    assert.equal(current.counts.ar.outdated, 0);
    assert.deepEqual(current.items.find((it) => it.slug === slug).outdated.toSorted(), [
      'fr',
      'nl',
    ]);

    // The server, not the app, refuses the translator French.
    const refused = await translator.page.evaluate(
      async ([path, body]) => {
        const res = await fetch(path, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ base: 0, body }),
        });
        return { status: res.status, body: await res.json() };
      },
      [`/api/admin/content/news/${slug}/fr`, seeded('en')],
    );
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'Your account may not change this language.');

    // Two editors on the same story: the second to save is told, and chooses.
    const second = await staffMember(site, {
      email: 'omar@noorvale.example',
      name: 'Omar Nasser',
      role: 'editor',
      allowApiStatuses: [401, 403, 409],
    });
    await openStory(page);
    await openStory(second.page);
    await second.page.getByLabel('Title', { exact: true }).fill(`${newTitle}, by Omar`);
    await page.getByLabel('Title', { exact: true }).fill(`${newTitle}, by Huda`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    await second.page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = second.page.locator('[data-conflict]');
    await conflict
      .getByRole('alert')
      .getByText(/Huda Karim saved it on/)
      .waitFor();
    await noAxeViolations(second.page, 'a conflict');
    await conflict.getByRole('button', { name: 'Save mine on top of theirs' }).click();
    await second.page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    assert.ok((await publicPage('en')).includes(newTitle), 'drafts are not public');

    // The first staff version (version 1 is the shipped text), restored as a new draft.
    await second.page
      .locator('li[data-version]')
      .filter({ hasText: 'Version 2' })
      .getByRole('button', { name: /^Restore the version of/ })
      .click();
    await second.page
      .getByRole('status')
      .filter({ hasText: 'The version was restored as a new draft.' })
      .waitFor();
    assert.equal(await second.page.getByLabel('Title', { exact: true }).inputValue(), newTitle);

    // A scheduled unpublication of Arabic, in Dubai's time: cancelled once, then carried out by
    // the server's job, after which the Arabic page shows the English text.
    await openStory(page);
    await page.getByLabel('Language to edit').selectOption('ar');
    const plan = page.locator('[data-schedule]');
    const dubai = (ms) => new Date(Date.now() + ms + 4 * 3600_000).toISOString().slice(0, 19);
    await plan.getByLabel('Unpublish this language').check();
    await plan.getByLabel('Date and time').fill(dubai(3600_000));
    await plan.getByLabel('Time zone').selectOption('Asia/Dubai');
    // Zone and offset are isolated (U+2068 … U+2069) to keep their direction in Arabic.
    const plain = async (locator) => (await locator.innerText()).replace(/[\u2068\u2069]/g, '');
    assert.equal(
      await plain(plan.locator('[data-offset]')),
      'At that time Asia/Dubai is UTC+04:00.',
    );
    await noAxeViolations(page, 'the schedule form');
    await plan.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Scheduled.' }).waitFor();
    await plan.getByText(/^To be unpublished on /).waitFor();
    assert.match(
      await plain(plan.getByText(/^To be unpublished on /)),
      /^To be unpublished on .*, Asia\/Dubai \(UTC\+04:00\)\.$/,
    );
    await page.locator('[data-locale="ar"][data-state="scheduled"]').waitFor();
    await plan.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.getByRole('status').filter({ hasText: 'The schedule was cancelled.' }).waitFor();
    await page.locator('[data-locale="ar"][data-state="published"]').waitFor();
    await plan.getByLabel('Unpublish this language').check();
    await plan.getByLabel('Date and time').fill(dubai(3000));
    await plan.getByLabel('Time zone').selectOption('Asia/Dubai');
    await plan.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Scheduled.' }).waitFor();
    const started = Date.now();
    await waitForPublic('ar', newTitle);
    assert.ok(!(await publicPage('ar')).includes(newArabicTitle), 'the Arabic text is off');
    // The editor left open on the Arabic follows: back in view, it shows the new state.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page
      .getByRole('status')
      .filter({ hasText: 'This language changed meanwhile: it is now unpublished.' })
      .waitFor();
    await page.locator('[data-locale="ar"][data-state="unpublished"]').waitFor();
    console.log(
      `the scheduled unpublication took effect ${Date.now() - started} ms after scheduling`,
    );

    for (const tab of [editor, translator, second]) {
      tab.assertClean();
      await tab.close();
    }
  });
});

// Its own suite and time: the one above takes most of its five minutes on a busy machine.
describe('writing running text', () => {
  test('the text as rich text: a heading, a list, bold and a link, published as written', async () => {
    const proseSlug = 'partnership-with-nakhlah-security-academy';
    const title = JSON.parse(
      readFileSync(
        new URL(`../../api/content/seed/collections/en/news/${proseSlug}.json`, import.meta.url),
        'utf8',
      ),
    ).title;
    const writer = await staffMember(site, {
      email: 'salma@noorvale.example',
      name: 'Salma Aziz',
      role: 'editor',
      allowApiStatuses: [400, 401, 403],
    });
    const { page } = writer;
    await page
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Content' })
      .click();
    await page.getByRole('link', { name: title }).click();
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    const tools = page.getByRole('group', { name: 'Formatting of Text' });
    await text.waitFor();

    // Everything replaced from the keyboard and the toolbar.
    await text.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('What the partnership brings');
    await tools.getByRole('button', { name: 'Heading', exact: true }).click();
    await tools.locator('button[aria-label="Heading"][aria-pressed="true"]').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Training that counts: ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('two courses a month');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.press('Enter');
    await tools.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Lead auditor courses');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Incident response drills');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('See our services');
    for (let i = 0; i < 'our services'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await tools.getByRole('button', { name: 'Link', exact: true }).click();
    const address = page.getByLabel('Link address');
    // An address the server would refuse is refused here first.
    await address.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Apply the link' }).click();
    await page.getByRole('alert').filter({ hasText: 'starting with https://' }).waitFor();
    await address.fill('/services');
    await address.press('Enter');
    await text.locator('a[href="/services"]').waitFor();
    await noAxeViolations(page, 'the rich-text editor');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();

    // The public page shows what was written (the Dutch, French and Arabic are their own texts).
    const visit = async (prefix) => {
      const tab = await site.browser.newPage();
      tab.setDefaultTimeout(WAIT_GUARD);
      await tab.goto(`${site.server.baseUrl}${prefix}/resources/news/${proseSlug}`);
      return tab;
    };
    const visitor = await visit('');
    // Reloading the page until the publication reaches it.
    await until(async () => {
      if ((await visitor.getByRole('heading', { name: 'What the partnership brings' }).count()) > 0)
        return true;
      await visitor.reload();
      return false;
    });
    await visitor.getByRole('heading', { name: 'What the partnership brings', level: 2 }).waitFor();
    assert.equal(
      await visitor.locator('article strong, main strong').first().innerText(),
      'two courses a month',
    );
    assert.deepEqual(
      await visitor
        .locator('main li')
        .filter({ hasText: /courses|drills/ })
        .allInnerTexts(),
      ['Lead auditor courses', 'Incident response drills'],
    );
    const link = visitor.getByRole('link', { name: 'our services', exact: true });
    assert.equal(await link.getAttribute('href'), '/services');
    await visitor.close();

    // Arabic text is edited right to left.
    await page.getByLabel('Language to edit').selectOption('ar');
    await page.locator('[role="textbox"][aria-label="Text"][dir="rtl"][lang="ar"]').waitFor();

    // The server refuses a node it does not know, naming the field.
    const refused = await page.evaluate(async (path) => {
      const item = await (await fetch(path.replace(/\/en$/, ''))).json();
      const en = item.data.languages.en;
      const script = { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] };
      const body = { ...en.live, body: { type: 'doc', content: [script] } };
      const res = await fetch(path, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ base: en.latest?.id ?? 0, body }),
      });
      return { status: res.status, body: await res.json() };
    }, `/api/admin/content/news/${proseSlug}/en`);
    assert.equal(refused.status, 400);
    assert.equal(
      refused.body.errors.body,
      'Use only paragraphs, headings, lists, links, bold and italic.',
    );
    writer.assertClean();
    await writer.close();
  });
});
