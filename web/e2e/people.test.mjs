// The firm's people and its drawn pictures, in a real browser against a real server: the "Our
// people" page in four languages lists the leadership before the team with a drawn portrait each
// and describes them as Person JSON-LD; a service page's consultant card names the person who
// answers for it with a link to their page; the three offices' contact pages show three different
// scenes; two news stories on different subjects have covers with different motifs; the home
// page's testimonials show drawn portraits. Axe in English light and Arabic dark.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { openPage, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

const pages = {
  en: { path: '/about-us/our-people', heading: 'Our people', leadership: 'Leadership' },
  nl: { path: '/nl/about-us/our-people', heading: 'Onze mensen', leadership: 'Directie' },
  fr: { path: '/fr/about-us/our-people', heading: 'Nos équipes', leadership: 'Direction' },
  ar: { path: '/ar/about-us/our-people', heading: 'فريقنا', leadership: 'القيادة' },
};

/** Opens `path` hydrated in a theme and fails on any serious or critical axe violation. */
async function openChecked(path, theme, options = {}) {
  const tab = await openPage(site.browser, { storage: { theme }, ...options });
  await tab.page.goto(site.server.baseUrl + path);
  await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const { violations } = await new AxeBuilder({ page: tab.page }).analyze();
  assert.deepEqual(
    violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
  return tab;
}

/** The portraits a page shows have loaded as pictures of the size the server draws. */
async function portraitsLoaded(page) {
  const sizes = await page.locator('img[src^="/portraits/"]').evaluateAll((imgs) =>
    Promise.all(
      imgs.map((img) =>
        img.decode().then(
          () => img.naturalWidth,
          () => 0,
        ),
      ),
    ),
  );
  assert.ok(sizes.length > 0, 'the page shows portraits');
  assert.ok(
    sizes.every((width) => width === 160),
    `every portrait loads: ${sizes.join(', ')}`,
  );
}

describe('our people', () => {
  for (const [locale, want] of Object.entries(pages)) {
    const theme = locale === 'ar' ? 'theme-dark' : 'theme-light';
    test(`${locale}: the leadership first, then the team, each with a drawn portrait`, async () => {
      const tab = await openChecked(want.path, theme);
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: want.heading }).waitFor();
      const groups = await page.locator('main h2').allTextContents();
      assert.equal(groups[0], want.leadership, 'the leadership come first');
      assert.equal(groups.length, 2);
      const leaders = page.locator('main section').first().getByRole('listitem');
      assert.equal(await leaders.count(), 3);
      await portraitsLoaded(page);

      // Search engines read each person as a Person of the firm.
      const blocks = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent)));
      const list = blocks.find((b) => b['@type'] === 'ItemList');
      assert.ok(list, 'an ItemList of people');
      assert.equal(list.itemListElement.length, 9);
      assert.equal(list.itemListElement[0].item['@type'], 'Person');
      assert.ok(list.itemListElement[0].item.jobTitle);

      // A person's own page: their role, office, certifications, and a Person block.
      await page.locator('main section').first().getByRole('link').first().click();
      await page.getByRole('img', { name: /.+/ }).first().waitFor();
      const person = (
        await page
          .locator('script[type="application/ld+json"]')
          .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent)))
      ).find((b) => b['@type'] === 'Person');
      assert.ok(person?.hasCredential?.length > 0, 'the person lists their certifications');
      assert.ok(person.knowsLanguage.length > 0, 'and their languages');
      tab.assertClean();
      await tab.close();
    });
  }

  test('the menu leads from About us to Our people', async () => {
    const tab = await openPage(site.browser);
    await tab.page.goto(site.server.baseUrl + '/');
    await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const nav = tab.page.getByRole('navigation', { name: /main/i }).first();
    await nav.getByRole('button', { name: 'About Us' }).click();
    await nav.getByRole('link', { name: 'Our People' }).click();
    await tab.page.waitForURL('**/about-us/our-people');
    tab.assertClean();
    await tab.close();
  });
});

describe('consultants on service pages', () => {
  for (const [path, theme, name, heading] of [
    [
      '/services/cybersecurity-services/penetration-testing',
      'theme-light',
      'Tom Ashcroft',
      'Your consultant',
    ],
    ['/ar/compliance/pci-standards/pci-dss', 'theme-dark', 'سارة ناصر', 'مستشارك'],
  ]) {
    test(`${path} names its consultant with a link to their page`, async () => {
      const tab = await openChecked(path, theme);
      const card = tab.page.getByRole('region', { name: heading });
      const link = card.getByRole('link', { name });
      await link.waitFor();
      await portraitsLoaded(tab.page);
      await link.click();
      await tab.page.getByRole('heading', { level: 1, name }).waitFor();
      assert.match(tab.page.url(), /\/about-us\/our-people\/[a-z-]+$/);
      tab.assertClean();
      await tab.close();
    });
  }
});

describe('drawn pictures', () => {
  test('each office shows its own scene, in both themes', async () => {
    const scenes = new Set();
    for (const [office, theme] of [
      ['london', 'theme-light'],
      ['dubai', 'theme-dark'],
      ['cairo', 'theme-light'],
    ]) {
      const tab = await openChecked(`/contact-us/${office}`, theme, { width: 375 });
      const scene = tab.page.locator(`main img[src="/covers/contact-us/${office}.svg"]`);
      await scene.waitFor();
      assert.ok(await scene.evaluate((img) => img.decode().then(() => img.naturalWidth > 0)));
      const svg = await (
        await fetch(`${site.server.baseUrl}/covers/contact-us/${office}.svg`)
      ).text();
      scenes.add(svg.replace(/#[0-9a-f]{6}/g, ''));
      tab.assertClean();
      await tab.close();
    }
    assert.equal(scenes.size, 3, 'three different drawings, not one recoloured');
  });

  test('news covers take their motif from the story', async () => {
    const draw = async (slug) =>
      (await (await fetch(`${site.server.baseUrl}/covers/resources/news/${slug}.svg`)).text())
        // The motif is the drawing after the ground: its shapes, without their numbers.
        .replace(/"[^"]*"/g, '')
        .replace(/^.*?<\/defs>/, '');
    const office = await draw('cairo-office-moves-to-new-cairo');
    const auditors = await draw('six-consultants-qualify-as-iso-iec-42001-lead-auditors');
    assert.notEqual(office, auditors);
    const tab = await openChecked('/resources/news', 'theme-dark');
    await tab.page
      .locator('img[src="/covers/resources/news/cairo-office-moves-to-new-cairo.svg"]')
      .waitFor();
    tab.assertClean();
    await tab.close();
  });

  test('the about, forms and careers pages each have their own picture', async () => {
    const bodies = await Promise.all(
      ['/about-us', '/forms', '/careers/jop-vacancies'].map(async (route) =>
        (await (await fetch(`${site.server.baseUrl}/covers${route}.svg`)).text()).replace(
          /"[^"]*"/g,
          '',
        ),
      ),
    );
    assert.equal(new Set(bodies).size, 3);
  });

  test('testimonials show drawn portraits', async () => {
    const tab = await openPage(site.browser);
    await tab.page.goto(site.server.baseUrl + '/');
    const portrait = tab.page.locator('img[src="/portraits/client-1.svg"]');
    await portrait.scrollIntoViewIfNeeded();
    assert.ok(await portrait.evaluate((img) => img.decode().then(() => img.naturalWidth === 160)));
    tab.assertClean();
    await tab.close();
  });
});
