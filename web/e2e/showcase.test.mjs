// The firm's proof in a real browser against a real server: its accreditations and its client
// stories have pages of their own in every language, the home page shows a strip of credentials,
// a PCI page shows the PCI ones, the Organization JSON-LD lists them as credentials, and a
// service page links to the stories of its work. Axe in English and Arabic, light and dark.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { openPage, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

const localized = (locale, path) => (locale === 'en' ? path : `/${locale}${path}`);

/** Opens a path in a locale and theme, and waits until the page has hydrated. */
async function open(tab, locale, path) {
  const res = await tab.page.goto(site.server.baseUrl + localized(locale, path));
  assert.equal(res.status(), 200, `${locale} ${path}`);
  await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Axe finds no serious or critical violation, as in the site's accessibility test. */
async function axe(tab, what) {
  const { violations } = await new AxeBuilder({ page: tab.page }).analyze();
  assert.deepEqual(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

/** The JSON-LD blocks of the open page. */
const jsonLd = (tab) =>
  tab.page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent),
    ),
  );

const headings = {
  accreditations: {
    en: 'Accreditations and memberships',
    nl: 'Accreditaties en lidmaatschappen',
    fr: 'Accréditations et adhésions',
    ar: 'الاعتمادات والعضويات',
  },
  stories: {
    en: 'Client stories',
    nl: 'Klantverhalen',
    fr: 'Témoignages clients',
    ar: 'قصص عملائنا',
  },
};

describe('accreditations and client stories', () => {
  for (const locale of ['en', 'nl', 'fr', 'ar']) {
    test(`${locale}: both pages list their items, and each item page opens`, async () => {
      const tab = await openPage(site.browser);
      try {
        await open(tab, locale, '/about-us/accreditations');
        await tab.page
          .getByRole('heading', { level: 1, name: headings.accreditations[locale] })
          .waitFor();
        const credentials = tab.page.locator('main article h2');
        assert.equal(await credentials.count(), 6);
        await credentials.first().getByRole('link').click();
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        assert.match(tab.page.url(), /\/about-us\/accreditations\/[a-z0-9-]+$/);
        const verify = tab.page.locator('main a[target="_blank"][href^="https://"]');
        assert.equal(await verify.count(), 1);

        await open(tab, locale, '/resources/case-studies');
        await tab.page.getByRole('heading', { level: 1, name: headings.stories[locale] }).waitFor();
        // Grouped by sector: a heading per sector above its stories' cards.
        assert.ok((await tab.page.locator('main section h2').count()) >= 6);
        assert.equal(await tab.page.locator('main article h3 a').count(), 8);
        await tab.page.locator('main article h3 a').first().click();
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        assert.match(tab.page.url(), /\/resources\/case-studies\/[a-z0-9-]+$/);
        const types = (await jsonLd(tab)).map((block) => block['@type']);
        assert.ok(types.includes('Article'), types.join());
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }

  test('the home page shows a strip of credentials, listed in its JSON-LD', async () => {
    const tab = await openPage(site.browser);
    try {
      await open(tab, 'en', '/');
      const strip = tab.page.getByRole('region', { name: 'Accredited and independently checked' });
      await strip.waitFor();
      assert.ok((await strip.getByRole('listitem').count()) >= 4);
      await strip.getByRole('link', { name: /PCI SSC Approved Scanning Vendor/ }).waitFor();
      const organization = (await jsonLd(tab)).find((block) => block['@type'] === 'Organization');
      const names = organization.hasCredential.map((c) => c.name);
      assert.ok(names.includes('PCI SSC Approved Scanning Vendor'), names.join());
      for (const credential of organization.hasCredential) {
        assert.equal(credential['@type'], 'EducationalOccupationalCredential');
        assert.ok(credential.recognizedBy.name);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a PCI page shows the PCI credentials and the stories of its work', async () => {
    const tab = await openPage(site.browser);
    try {
      await open(tab, 'en', '/compliance/pci-standards/pci-dss');
      const strip = tab.page.getByRole('region', { name: 'Accreditations behind this work' });
      await strip.waitFor();
      const names = await strip.getByRole('link').allTextContents();
      assert.ok(
        names.some((name) => name.includes('Approved Scanning Vendor')),
        names.join(),
      );
      assert.ok(
        names.some((name) => name.includes('Qualified Security Assessor')),
        names.join(),
      );
      assert.ok(!names.some((name) => name.includes('42001')), names.join());
      const stories = tab.page.getByRole('region', { name: 'Client stories' });
      await stories.getByRole('link', { name: /payment processor/ }).waitFor();
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a service page links to its client stories', async () => {
    const tab = await openPage(site.browser);
    try {
      await open(tab, 'en', '/services/cybersecurity-services/penetration-testing');
      const stories = tab.page.getByRole('region', { name: 'Client stories' });
      await stories.getByRole('link', { name: /GCC retail bank/ }).click();
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      assert.match(tab.page.url(), /\/resources\/case-studies\/gcc-retail-bank-red-team$/);
      await tab.page.getByRole('heading', { level: 2, name: 'The outcome' }).waitFor();
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  for (const [locale, theme] of [
    ['en', 'theme-light'],
    ['en', 'theme-dark'],
    ['ar', 'theme-light'],
    ['ar', 'theme-dark'],
  ]) {
    test(`${locale} ${theme}: the new pages and the home strip pass axe`, async () => {
      const tab = await openPage(site.browser, { storage: { theme } });
      try {
        for (const path of [
          '/',
          '/about-us/accreditations',
          '/about-us/accreditations/pci-asv',
          '/resources/case-studies',
          '/resources/case-studies/saudi-insurer-iso-27001',
          '/compliance/pci-standards/pci-dss',
        ]) {
          await open(tab, locale, path === '/' ? '' : path);
          await axe(tab, `${locale} ${theme} ${path}`);
        }
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }
});
