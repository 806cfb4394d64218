// New pages in a real browser against a real server: an administrator makes services publish
// without review through the review rules' API; an editor adds the service page "Cloud Security
// Assessment" under Cybersecurity Services from the page tree's "New page" form (checked with axe
// and at desktop and phone widths, in English and Arabic, light and dark), writes and publishes
// its English, then its Arabic, Dutch and French. The page then appears in every language in the
// header menu, the landing page's cards, the footer, the sitemaps with its alternates and the site
// search. The editor takes it off the site (404), then deletes it, leaving a redirect: its address
// answers 301 to the landing page.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { assertFits, until, useSiteAndBrowser } from './harness.mjs';
import { noAxeViolations, staffCall as call, staffMember } from './staff.mjs';

const site = useSiteAndBrowser({ host: 'localhost' });
// Screenshots go to SHOTS_DIR when it is set.
const SHOTS = process.env.SHOTS_DIR;

const landing = '/services/cybersecurity-services';
const route = `${landing}/cloud-security-assessment`;
const apiPath = (locale, rest = '') =>
  `/api/admin/content/pages/page/${locale}${rest}?route=${encodeURIComponent(route)}`;

/** The titles the page has in each language. */
const titles = {
  en: 'Cloud Security Assessment',
  ar: 'تقييم أمن السحابة',
  nl: 'Beoordeling van cloudbeveiliging',
  fr: 'Évaluation de la sécurité du cloud',
};

/** A complete service page in a language, named by its title. */
function serviceBody(title) {
  return {
    title,
    metaTitle: `${title} | Noorvale Assurance`,
    metaDescription: `${title}: a review of your cloud accounts, identities and workloads.`,
    summary: `${title} of your cloud estate against the provider's benchmarks.`,
    what: [`${title} reviews how your cloud accounts are configured and who can reach what.`],
    who: { intro: `${title} suits organisations moving to the cloud.`, items: ['Banks'] },
    approach: [{ title: 'Scoping', text: 'We agree the accounts and workloads in scope.' }],
    deliverables: ['A prioritised findings report'],
    benefits: [{ title: 'Fewer surprises', text: 'Misconfigurations are found before attackers.' }],
    faqs: [{ question: 'Which clouds?', answer: 'AWS, Azure and Google Cloud.' }],
    related: ['/compliance/iso-standards/iso-27017'],
    cta: { heading: 'Know your cloud', text: 'Tell us about your cloud estate.' },
  };
}

/** Saves a language's text on top of its latest version and publishes it. */
async function writeAndPublish(page, locale) {
  const versions = await call(page, 'GET', apiPath(locale, '/versions'));
  const base = versions.body.data?.versions?.[0]?.id ?? 0;
  const saved = await call(page, 'PUT', apiPath(locale), {
    base,
    body: serviceBody(titles[locale]),
  });
  assert.equal(saved.status, 200, `save ${locale}: ${JSON.stringify(saved.body)}`);
  const published = await call(page, 'POST', apiPath(locale, '/publish'), {
    version: saved.body.data.id,
  });
  assert.equal(published.status, 200, `publish ${locale}: ${JSON.stringify(published.body)}`);
}

/** The public document at a path, as text, with its status. */
async function fetchText(path) {
  const res = await fetch(site.server.baseUrl + path, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}

const localePath = (locale, path) => (locale === 'en' ? path : `/${locale}${path}`);

describe('new pages', () => {
  test('an editor adds a service page, publishes it in four languages and deletes it', async () => {
    const admin = await staffMember(site, {
      email: 'nadia@noorvale.example',
      name: 'Nadia Haddad',
      role: 'administrator',
    });
    const editor = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Aziz',
      role: 'editor',
      allowApiStatuses: [400, 401, 403, 404, 409],
    });
    try {
      // Services publish without review here: the administrator drops them from the rules.
      const rules = await call(admin.page, 'GET', '/api/admin/review-rules');
      const next = { ...rules.body.data.rules };
      delete next.services;
      const saved = await call(admin.page, 'PUT', '/api/admin/review-rules', { rules: next });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));

      const { page } = editor;
      assert.equal((await fetchText(route)).status, 404, 'the page is not public before it exists');
      await page.goto(new URL('/admin/content?collection=pages', site.server.baseUrl).toString());
      await page.getByRole('link', { name: 'New page' }).click();
      await page.getByRole('heading', { name: 'A new page', level: 1 }).waitFor();
      await page.getByLabel('Service page').check();
      await page.getByLabel('Goes under').selectOption(landing);
      await page.getByLabel('English title').fill(titles.en);
      // The address follows the title.
      await until(
        async () =>
          (await page.getByLabel('Address (slug)').inputValue()) === 'cloud-security-assessment',
      );

      // The form in each language, theme and width.
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      for (const lang of ['en', 'ar']) {
        if (lang === 'ar') {
          await page.locator('button[lang="ar"]').click();
          await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
          await page.getByRole('heading', { name: 'صفحة جديدة', level: 1 }).waitFor();
        }
        for (const theme of ['light', 'dark']) {
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html.theme-dark').waitFor();
          }
          await noAxeViolations(page, `new page, ${lang}, ${theme}`);
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            await assertFits(page, `the new page form at ${width} px in ${lang}, ${theme}`);
            if (SHOTS)
              await page.screenshot({
                path: `${SHOTS}/new-page-${lang}-${theme}-${width}.png`,
                fullPage: true,
              });
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

      // A shipped page's address is refused with a message by the field.
      await page.getByLabel('Address (slug)').fill('risk-assessment');
      await page.getByRole('button', { name: 'Create the draft' }).click();
      await page
        .getByText(`The address ${landing}/risk-assessment is already used`)
        .first()
        .waitFor();
      await page.getByLabel('Address (slug)').fill('cloud-security-assessment');
      await page.getByRole('button', { name: 'Create the draft' }).click();
      await page.waitForURL((url) => url.searchParams.get('route') === route);
      await page.getByRole('button', { name: 'Delete the page' }).waitFor();
      assert.equal((await fetchText(route)).status, 404, 'a draft is not public');

      // The English, then the translations.
      for (const locale of ['en', 'ar', 'nl', 'fr']) await writeAndPublish(page, locale);

      for (const locale of ['en', 'ar', 'nl', 'fr']) {
        const title = titles[locale];
        const href = localePath(locale, route);
        await until(async () => {
          const { status, text } = await fetchText(href);
          return status === 200 && text.includes(title);
        });
        // The header menu, the landing page's cards and the footer each link it, once the
        // landing page is drawn again.
        await until(async () => {
          const { text } = await fetchText(localePath(locale, landing));
          return text.split(`href="${href}"`).length - 1 >= 3 && text.includes(title);
        });
        const tab = editor.page;
        await tab.goto(site.server.baseUrl + localePath(locale, landing));
        for (const where of ['header', 'main', 'footer']) {
          assert.ok(
            (await tab.locator(`${where} a[href="${href}"]`).count()) > 0,
            `${locale}: no link in the ${where}`,
          );
        }
        assert.equal(
          (await tab.locator(`footer a[href="${href}"]`).first().textContent()).trim(),
          title,
        );
        // The page itself, with the landing page in its breadcrumbs.
        await tab.goto(site.server.baseUrl + href);
        await tab.getByRole('heading', { name: title, level: 1 }).waitFor();
        assert.ok((await tab.locator(`nav a[href="${localePath(locale, landing)}"]`).count()) > 0);
        if (SHOTS && (locale === 'en' || locale === 'ar')) {
          for (const width of [1280, 375]) {
            await tab.setViewportSize({ width, height: 800 });
            await assertFits(tab, `the new page at ${width} px in ${locale}`);
            await tab.screenshot({ path: `${SHOTS}/added-service-${locale}-${width}.png` });
          }
          await tab.setViewportSize({ width: 1280, height: 800 });
        }
        // The site search finds it in its language.
        await until(async () => {
          const res = await fetch(
            `${site.server.baseUrl}/api/search?q=${encodeURIComponent(title)}&lang=${locale}`,
          );
          const { data } = await res.json();
          return data.results.some((r) => r.path === href);
        });
        // The sitemap lists it with its address in each language, once the last of them is in.
        const alternates = ['en', 'ar', 'nl', 'fr'].map(
          (alt) => `hreflang="${alt}" href="${site.server.baseUrl}${localePath(alt, route)}"`,
        );
        await until(async () => {
          const { text } = await fetchText(`/sitemap-${locale}.xml`);
          return (
            text.includes(`<loc>${site.server.baseUrl}${href}</loc>`) &&
            alternates.every((alt) => text.includes(alt))
          );
        });
      }

      // Deleted with a redirect to the landing page, which the redirects manager lists.
      await page.goto(
        new URL(
          `/admin/content/pages/page?route=${encodeURIComponent(route)}`,
          site.server.baseUrl,
        ).toString(),
      );
      // The page's own actions, in each language, theme and width.
      const actionsCard = (name) =>
        page.getByRole('heading', { name, level: 2 }).locator('xpath=..');
      await actionsCard('The whole page').waitFor();
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
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            await assertFits(page, `the page editor at ${width} px in ${lang}, ${theme}`);
            if (SHOTS)
              await actionsCard(lang === 'en' ? 'The whole page' : 'الصفحة كاملة').screenshot({
                path: `${SHOTS}/page-actions-${lang}-${theme}-${width}.png`,
              });
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

      // Taken off in every language, it is nowhere public; then deleted.
      await page.getByRole('button', { name: 'Take off the site in every language' }).click();
      await page
        .getByText('The page was taken off the site in every language.', { exact: false })
        .first()
        .waitFor();
      await until(async () => (await fetchText(`/fr${route}`)).status === 404);
      await page.getByRole('button', { name: 'Delete the page' }).click();
      const dialog = page.getByRole('alertdialog');
      assert.ok(await dialog.getByRole('checkbox').isChecked(), 'the redirect is on by default');
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      await page.waitForURL((url) => url.searchParams.get('collection') === 'pages');
      await until(async () => {
        const a = await fetchText(route);
        return a.status === 301 && a.location === landing;
      });
      await until(async () => {
        const a = await fetchText(`/ar${route}`);
        return a.status === 301 && a.location === `/ar${landing}`;
      });
      const { text } = await fetchText(landing);
      assert.ok(!text.includes(`href="${route}"`), 'the landing page no longer links it');
      const sitemap = await fetchText('/sitemap-en.xml');
      assert.ok(!sitemap.text.includes(route), 'the sitemap no longer lists it');
      await until(async () => {
        const res = await fetch(
          `${site.server.baseUrl}/api/search?q=${encodeURIComponent(titles.en)}&lang=en`,
        );
        const { data } = await res.json();
        return !data.results.some((r) => r.path === route);
      });
      await page.goto(new URL('/admin/redirects', site.server.baseUrl).toString());
      await page.locator(`[data-redirect="${route}"]`).waitFor();
    } finally {
      await admin.close();
      await editor.close();
    }
  });
});
