// Pages, the firm's settings and whole items, in a real browser against a real server: an editor
// publishes a new English title of the about page (the public page shows it), changes the London
// office's phone in the settings (every page's footer shows it), creates a news story and
// publishes it (the news list shows it), changes its address (the old one answers 301 in every
// language) and deletes it (404, gone from the list). A translator is offered none of it, and the
// server refuses it. An editor adds a related page to a service from the page picker with the
// keyboard alone, and the public page links to it; the server refuses an address that is no page.
// Axe in English light and Arabic dark, and a phone's width.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

const aboutTitle = JSON.parse(
  readFileSync(new URL('../../api/content/seed/pages/en/about-us.json', import.meta.url), 'utf8'),
).title;
const newAboutTitle = 'About Noorvale: security consultants since 2009';
const newPhone = '+44 20 7946 0999';
const story = {
  slug: 'a-new-testing-laboratory',
  renamed: 'testing-laboratory-opens',
  title: 'A new testing laboratory opens in Dubai',
};

/** Fetches a public address as a visitor would, without following redirects. */
const visit = (path) => fetch(`${site.server.baseUrl}${path}`, { redirect: 'manual' });

/** Waits until a public page answers `status` and, for 200, holds `text` or, with `absent`, not. */
async function waitForPublic(path, { status = 200, text, absent = false }) {
  await until(async () => {
    const res = await visit(path);
    if (res.status !== status) return false;
    return !text || (await res.text()).includes(text) !== absent;
  });
}

/** Opens a screen from the back-office's navigation. */
async function openSection(page, name) {
  await page
    .getByRole('navigation', { name: /Back-office sections|أقسام/ })
    .getByRole('link', { name })
    .click();
}

/** The content screen's links to its collections. */
const collections = (page) => page.getByRole('navigation', { name: 'Collections' });
const arabicCollections = (page) => page.getByRole('navigation', { name: 'المجموعات' });

describe('pages, settings and items', () => {
  test('an editor edits a page and the settings, creates, renames and deletes a story', async () => {
    const { page } = await staffMember(site, {
      email: 'salma@noorvale.example',
      name: 'Salma Nasser',
      role: 'editor',
      allowApiStatuses: [400, 401, 403, 409],
    });

    // A page: listed with its languages' states, its form from its kind's shape.
    await openSection(page, 'Content');
    await collections(page).getByRole('link', { name: 'Pages', exact: true }).click();
    const about = page.locator('[data-slug="/about-us"]');
    await about.locator('[data-locale="en"][data-state="published"]').waitFor();
    await noAxeViolations(page, 'pages list, English light');
    await about.getByRole('link', { name: aboutTitle }).click();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    await page.locator('[data-field="sections"]').first().waitFor();
    await page.getByLabel('Title', { exact: true }).fill(newAboutTitle);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
      .waitFor();
    await waitForPublic('/about-us', { text: newAboutTitle });

    // The settings: the London office's phone, on every page's footer once saved.
    await openSection(page, 'Settings');
    await page.getByRole('heading', { name: 'Firm settings', level: 1 }).waitFor();
    await noAxeViolations(page, 'settings, English light');
    await page.locator('[name="offices[0].phone"]').fill(newPhone);
    await page.locator('[name="chatUrl"]').fill('not a link');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page
      .locator('[data-field="chatUrl"]')
      .getByRole('alert')
      .filter({ hasText: 'Enter a web address' })
      .waitFor();
    await page.locator('[name="chatUrl"]').fill('https://chat.noorvale.example');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Last saved by Salma Nasser' }).waitFor();
    await waitForPublic('/contact-us/london', { text: newPhone });
    await waitForPublic('/ar', { text: newPhone });

    // A new story: a draft until its English is published, then in the news list.
    await openSection(page, 'Content');
    await collections(page).getByRole('link', { name: 'News', exact: true }).click();
    await page.getByRole('link', { name: 'New item' }).click();
    await page.getByRole('heading', { name: 'A new item in News' }).waitFor();
    await noAxeViolations(page, 'new item, English light');
    await page.getByLabel('Address (slug)').fill('Not a slug!');
    await page.locator('[name="title"]').fill(story.title);
    await page.locator('[name="description"]').fill('Our Dubai office now tests devices on site.');
    await page.locator('[name="date"]').fill('2026-11-20');
    await page.locator('[name="author"]').fill('Salma Nasser');
    await page.locator('[name="imageAlt"]').fill('A laboratory bench with test equipment');
    await page
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('The laboratory opens to clients in December.');
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.locator('[data-field="slug"]').getByRole('alert').waitFor();
    await page.getByLabel('Address (slug)').fill(story.slug);
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.locator('[data-locale="en"][data-state="draft"]').waitFor();
    assert.equal(
      (await visit(`/resources/news/${story.slug}`)).status,
      404,
      'a draft is not public',
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('[data-locale="en"][data-state="published"]').waitFor();
    await waitForPublic('/resources/news', { text: story.title });
    await noAxeViolations(page, 'item actions, English light');

    // Its address changes: the old one leads to the new one, in every language.
    await page.getByLabel('Change the address (slug)').fill(story.renamed);
    await page.getByRole('button', { name: 'Change the address', exact: true }).click();
    await page.waitForURL(`**/admin/content/news/${story.renamed}`);
    await page.locator('[data-locale="en"][data-state="published"]').waitFor();
    await waitForPublic(`/resources/news/${story.renamed}`, { text: story.title });
    for (const prefix of ['', '/ar']) {
      // The old page is served until the site has re-rendered after the change.
      await waitForPublic(`${prefix}/resources/news/${story.slug}`, { status: 301 });
      const res = await visit(`${prefix}/resources/news/${story.slug}`);
      assert.equal(res.headers.get('location'), `${prefix}/resources/news/${story.renamed}`);
    }

    // In Arabic, dark, and on a phone.
    await page.locator('button[lang="ar"]').click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await page.locator('header button[data-theme-switch]').click();
    await page.locator('html.theme-dark').waitFor();
    await page.getByRole('button', { name: 'حذف العنصر' }).waitFor();
    await noAxeViolations(page, 'item actions, Arabic dark');
    await page.setViewportSize({ width: 375, height: 740 });
    await assertFits(page, 'the item fits a phone');
    await openSection(page, 'الإعدادات');
    await page.getByRole('heading', { name: 'إعدادات الشركة', level: 1 }).waitFor();
    await page.locator('[name="offices[0].phone"]').waitFor();
    await noAxeViolations(page, 'settings, Arabic dark');
    await assertFits(page, 'the settings fit a phone');
    await openSection(page, 'المحتوى');
    await arabicCollections(page).getByRole('link', { name: 'الصفحات', exact: true }).click();
    await page.locator('[data-slug="/about-us"]').waitFor();
    await noAxeViolations(page, 'pages list, Arabic dark');
    await assertFits(page, 'the pages list fits a phone');
    await arabicCollections(page).getByRole('link', { name: 'الأخبار', exact: true }).click();
    await page.getByRole('link', { name: 'عنصر جديد' }).click();
    await page.getByRole('heading', { name: 'عنصر جديد في الأخبار' }).waitFor();
    await page.getByRole('textbox', { name: 'النص', exact: true }).waitFor();
    await noAxeViolations(page, 'new item, Arabic dark');
    await assertFits(page, 'the new item form fits a phone');
    await page.locator('button[lang="en"]').click();
    await page.locator('header button[data-theme-switch]').click();
    await page.locator('html[lang="en"].theme-light').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Deleted, after a confirmation: gone from the site and its list.
    await page.goto(`${site.server.baseUrl}/admin/content/news/${story.renamed}`);
    await page.getByRole('button', { name: 'Delete the item' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete “${story.title}” everywhere`).waitFor();
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL('**/admin/content?collection=news');
    await page.locator('[data-slug]').first().waitFor();
    assert.equal(await page.locator(`[data-slug="${story.renamed}"]`).count(), 0);
    await waitForPublic(`/resources/news/${story.renamed}`, { status: 404 });
    await waitForPublic('/resources/news', { text: story.title, absent: true });

    // A translator is offered none of it, and the server refuses it.
    const translator = await staffMember(site, {
      email: 'karim@noorvale.example',
      name: 'Karim Saleh',
      role: 'translator',
      languages: ['ar'],
    });
    await openSection(translator.page, 'Content');
    await collections(translator.page).getByRole('link', { name: 'News', exact: true }).click();
    await translator.page.locator('[data-slug]').first().waitFor();
    assert.equal(await translator.page.getByRole('link', { name: 'New item' }).count(), 0);
    assert.equal(
      await translator.page.getByRole('link', { name: 'Settings', exact: true }).count(),
      0,
    );
    const statuses = await translator.page.evaluate(async () => {
      const send = (method, path, body) =>
        fetch(`/api/admin${path}`, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      return [
        await send('POST', '/content/news', { slug: 'by-a-translator', body: {} }),
        await send('PUT', '/settings', { base: 0, body: {} }),
      ];
    });
    assert.deepEqual(statuses, [403, 403]);
  });

  test('an editor picks a related page with the keyboard and the public page links to it', async () => {
    const { page } = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Saeed',
      role: 'editor',
      allowApiStatuses: [400, 401, 403],
    });
    const route = '/services/cybersecurity-services/asv';
    const picked = '/services/cybersecurity-services/code-review';
    await page.goto(
      `${site.server.baseUrl}/admin/content/pages/page?route=${encodeURIComponent(route)}`,
    );
    const field = page.locator('[data-field="related"]');
    // The chosen pages are shown by their names, their addresses small; none is typed.
    await field.locator('[data-chosen-pages] li').first().waitFor();
    await field.getByText('Penetration Testing', { exact: true }).waitFor();
    assert.equal(await field.locator('textarea').count(), 0);

    const box = field.getByRole('combobox', { name: 'Add a page to Related pages' });
    await box.focus();
    await page.keyboard.type('code rev');
    const offers = page.getByRole('listbox', { name: "The site's pages" });
    await offers.getByRole('option', { name: /Code Review/ }).waitFor();
    await noAxeViolations(page, 'the page picker open');
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await box.getAttribute('aria-activedescendant'),
      await offers.getByRole('option').first().getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await field.locator(`[data-chosen-pages] li[data-route="${picked}"]`).waitFor();
    assert.equal(await box.getAttribute('aria-expanded'), 'false');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('role')),
      'combobox',
    );

    // Moved to the top by its button, which keeps the focus.
    const up = field.getByRole('button', { name: 'Move up: Secure Code Review' });
    while (
      (await field.locator('[data-chosen-pages] li').first().getAttribute('data-route')) !== picked
    ) {
      await up.focus();
      await page.keyboard.press('Enter');
    }

    // Services are reviewed before they go live, so the draft is checked as the site will show it.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).first().waitFor();
    const preview = await page.evaluate(async (at) => {
      const res = await fetch(
        `/api/admin/content/pages/page/en/preview?route=${encodeURIComponent(at)}`,
      );
      return res.text();
    }, route);
    const related = preview.slice(preview.indexOf('id="related"'));
    assert.ok(
      related.slice(0, related.indexOf('</section>')).includes(`href="${picked}"`),
      'the related pages link to the page picked',
    );

    // An address that is no page is refused, in the reader's words, however it is sent.
    const refused = await page.evaluate(async (at) => {
      const item = await (
        await fetch(`/api/admin/content/pages/page?route=${encodeURIComponent(at)}`)
      ).json();
      const en = item.data.languages.en;
      const body = { ...(en.latest.body ?? en.live), related: ['/no-such-page'] };
      const res = await fetch(`/api/admin/content/pages/page/en?route=${encodeURIComponent(at)}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ base: en.latest.id, body }),
      });
      return { status: res.status, errors: (await res.json()).errors };
    }, route);
    assert.equal(refused.status, 400);
    assert.equal(
      refused.errors['related[0]'],
      'No page of the site has this address: choose one from the list.',
    );
  });
});
