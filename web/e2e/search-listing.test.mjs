// A news story's search listing in a real browser against a real server: an editor sets its
// search title and description in English and Arabic and publishes each; the public pages'
// <title>, description and Open Graph title follow. Hidden from search engines, the English page
// says noindex and leaves the sitemaps, whose names the sitemap index gives. Axe finds nothing in
// the section.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { until, useSiteAndBrowser } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';

const site = useSiteAndBrowser({ host: 'localhost' });

// Screenshots go to SHOTS_DIR when it is set.
const SHOTS = process.env.SHOTS_DIR;
const slug = 'cairo-office-moves-to-new-cairo';
const seededTitle = JSON.parse(
  readFileSync(
    new URL(`../../api/content/seed/collections/en/news/${slug}.json`, import.meta.url),
    'utf8',
  ),
).title;
const path = (locale) => `${locale === 'en' ? '' : `/${locale}`}/resources/news/${slug}`;

const listings = {
  en: {
    title: 'Noorvale opens a larger Cairo office',
    description: 'Our Cairo team moves to New Cairo with room for a testing laboratory.',
  },
  ar: {
    title: 'نورفيل تفتتح مكتبًا أكبر في القاهرة',
    description: 'ينتقل فريقنا في القاهرة إلى القاهرة الجديدة مع مساحة لمختبر الاختبارات.',
  },
};

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head of a public page as a visitor's browser gets it. */
async function head(locale) {
  const res = await fetch(site.server.baseUrl + path(locale));
  assert.equal(res.status, 200);
  const html = await res.text();
  const meta = (attr, name) =>
    new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ??
    new RegExp(`<meta content="([^"]*)" ${attr}="${name}"`).exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    robots: meta('name', 'robots') ?? '',
  };
}

/** Every address the sitemaps list, read from the files the sitemap index names. */
async function sitemapAddresses() {
  const index = await (await fetch(`${site.server.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  assert.ok(files.length >= 4, `the sitemap index names ${files.length} files`);
  const out = [];
  for (const file of files) {
    const xml = await (await fetch(site.server.baseUrl + file)).text();
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) out.push(new URL(m[1]).pathname);
  }
  return out;
}

describe('the search listing', () => {
  test('an editor sets a story’s search listing, and hides it from search engines', async () => {
    const editor = await staffMember(site, {
      email: 'lina@noorvale.example',
      name: 'Lina Farouk',
      role: 'editor',
      allowApiStatuses: [400, 401, 403],
    });
    const { page } = editor;
    try {
      assert.ok((await sitemapAddresses()).includes(path('en')), 'the story is in a sitemap');
      await page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Content' })
        .click();
      await page.getByRole('link', { name: seededTitle }).click();
      await page.getByRole('button', { name: 'Save draft' }).waitFor();

      const publish = async () => {
        await page.getByRole('button', { name: 'Publish', exact: true }).click();
        await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
      };
      for (const locale of ['en', 'ar']) {
        if (locale === 'ar') {
          await page.getByLabel('Language to edit').selectOption('ar');
          await page.locator('textarea[lang="ar"]').first().waitFor();
        }
        const section = page.getByRole('region', { name: 'Search listing' });
        await section.getByLabel('Search title').fill(listings[locale].title);
        await section.getByLabel('Search description').fill(listings[locale].description);
        await section
          .locator('[data-preview="search"]')
          .getByText(listings[locale].title)
          .waitFor();
        if (locale === 'en') await noAxeViolations(page, 'search listing, English');
        await publish();
      }
      for (const locale of ['en', 'ar']) {
        const want = listings[locale];
        await until(async () => (await head(locale)).title === escape(want.title));
        const got = await head(locale);
        assert.equal(got.description, escape(want.description), `${locale} description`);
        assert.equal(got.ogTitle, escape(want.title), `${locale} og:title`);
        assert.doesNotMatch(got.robots, /noindex/);
      }

      // The section in each language, theme and width, with axe in Arabic dark.
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      const shown = page.locator('section[aria-labelledby]:has([data-preview="search"])');
      for (const lang of ['en', 'ar']) {
        if (lang === 'ar') {
          await page.locator('button[lang="ar"]').click();
          await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
        }
        for (const theme of ['light', 'dark']) {
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html.theme-dark').waitFor();
          }
          if (lang === 'ar' && theme === 'dark') await noAxeViolations(page, 'search listing, ar');
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            if (SHOTS)
              await shown.screenshot({ path: `${SHOTS}/listing-${lang}-${theme}-${width}.png` });
          }
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html:not(.theme-dark)').waitFor();
          }
        }
      }
      await page.locator('button[lang="en"]').click();
      await page.locator('html[lang="en"][dir="ltr"]').waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });

      // Hidden from search engines: noindex, and out of every sitemap.
      await page.getByLabel('Language to edit').selectOption('en');
      const section = page.getByRole('region', { name: 'Search listing' });
      await section.getByLabel('Search title').waitFor();
      await section.getByLabel('Hide from search engines (left out of the sitemap)').check();
      await publish();
      await until(async () => /noindex/.test((await head('en')).robots));
      await until(async () => !(await sitemapAddresses()).includes(path('en')));
      assert.ok((await sitemapAddresses()).includes(path('ar')), 'the Arabic stays listed');
      assert.doesNotMatch((await head('ar')).robots, /noindex/);
      editor.assertClean();
    } finally {
      await editor.close();
    }
  });
});
