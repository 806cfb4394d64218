// Site search as a visitor uses it: the header's combobox in every language, both themes and on a
// phone, and the /search page without scripts, with typos, Arabic with and without hamza and
// French without accents; the page when nothing is found, and a refused query.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, until, useSiteAndBrowser } from './harness.mjs';
import { AxeBuilder } from '@axe-core/playwright';

const site = useSiteAndBrowser();

/** Resolves once the index is built from the rendered catalogue, just after the server is ready. */
let indexed;
const searchReady = () =>
  (indexed ??= until(
    async () => (await fetch(`${site.server.baseUrl}/api/search?q=iso&lang=en`)).status === 200,
  ));

/** Fails, naming each rule and element, when axe finds a serious or critical violation on the page as it is. */
async function noSeriousAxeViolations(page, what) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

const pentest = '/services/cybersecurity-services/penetration-testing';
const vulnScan = '/services/cybersecurity-services/vulnerability-assessment';
const riskStandard = '/compliance/iso-standards/iso-31000';

/** What a visitor types in each language, and the page it must find first. */
const searches = [
  { lang: 'en', home: '/', query: 'penetraton testing', want: pentest, why: 'a typo' },
  { lang: 'nl', home: '/nl', query: 'penetratietest', want: `/nl${pentest}`, why: 'a compound' },
  {
    lang: 'fr',
    home: '/fr',
    query: 'evaluation des vulnerabilites',
    want: `/fr${vulnScan}`,
    why: 'no accents',
  },
  {
    lang: 'ar',
    home: '/ar',
    query: 'ادارة المخاطر',
    want: `/ar${riskStandard}`,
    why: 'no hamza',
  },
  {
    lang: 'ar',
    home: '/ar',
    query: 'إدارة المخاطر',
    want: `/ar${riskStandard}`,
    why: 'with hamza',
  },
];

const themes = [
  { name: 'light', width: 1280, storage: undefined },
  { name: 'dark', width: 375, storage: { theme: 'theme-dark' } },
];

for (const { lang, home, query, want, why } of searches) {
  for (const theme of themes) {
    test(`header combobox, ${lang} (${why}), ${theme.name} theme at ${theme.width} px: finds ${want}`, async () => {
      await searchReady();
      const tab = await openPage(site.browser, {
        width: theme.width,
        height: 900,
        storage: theme.storage,
      });
      const { page } = tab;
      try {
        await page.goto(site.server.baseUrl + home);
        assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
        const button = page.locator('[data-site-search] button[aria-controls]');
        // The island's code is not loaded until the visitor comes to it.
        assert.equal(
          await page.locator('[data-island="site-search"]').getAttribute('data-island-state'),
          'waiting',
        );
        await button.click();
        const box = page.getByRole('combobox');
        await box.waitFor();
        assert.equal(await button.getAttribute('aria-expanded'), 'true');
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute('role')),
          'combobox',
        );
        await box.pressSequentially(query);
        const first = page.getByRole('option').first();
        await first.waitFor();
        assert.equal(await box.getAttribute('aria-expanded'), 'true');
        // The count is announced in the visitor's language.
        await until(async () => /\d/.test(await page.getByRole('status').first().innerText()));
        // Each snippet is words of the page below its title, never the title again.
        const shown = await page.locator('[data-search-option]').evaluateAll((options) =>
          options.map((o) => {
            // A result shows its type, its title and, when it has one, its snippet.
            const [, title, snippet] = [...o.querySelectorAll(':scope > p')].map((p) =>
              p.textContent.replace(/…/g, '').trim().toLowerCase(),
            );
            return { title, snippet };
          }),
        );
        assert.ok(shown.some(({ snippet }) => snippet));
        for (const { title, snippet } of shown) {
          assert.notEqual(snippet, title, `the snippet of “${title}”`);
        }
        await noSeriousAxeViolations(page, `the open search box (${lang}, ${theme.name})`);

        await box.press('ArrowDown');
        const firstId = await first.getAttribute('id');
        assert.equal(await box.getAttribute('aria-activedescendant'), firstId);
        assert.equal(await first.getAttribute('aria-selected'), 'true');
        await Promise.all([page.waitForURL((url) => url.pathname === want), box.press('Enter')]);
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }
}

test('header combobox: Escape steps back, and Enter without a choice opens the search page', async () => {
  await searchReady();
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  const { page } = tab;
  try {
    await page.goto(`${site.server.baseUrl}/fr`);
    const button = page.locator('[data-site-search] button[aria-controls]');
    await button.click();
    const box = page.getByRole('combobox');
    await box.pressSequentially("test d'intrusion");
    await page.getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    await box.press('Escape'); // leaves the option
    assert.equal(await box.getAttribute('aria-activedescendant'), null);
    await box.press('Escape'); // clears the field
    assert.equal(await box.inputValue(), '');
    await box.press('Escape'); // closes
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-controls') !== null),
      true,
    );

    await button.click();
    await box.pressSequentially('soc2');
    await page.getByRole('option').first().waitFor();
    await Promise.all([page.waitForURL(/\/fr\/search\?q=soc2$/), box.press('Enter')]);
    const first = page.locator('[data-search-result]').first();
    assert.equal(await first.getAttribute('href'), '/fr/compliance/soc-reports/soc-2');
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

for (const { lang, home, query, want, why } of searches) {
  test(`/search without JavaScript, ${lang} (${why}): ${want} is the first result`, async () => {
    await searchReady();
    const tab = await openPage(site.browser, { width: 375, height: 900, javaScriptEnabled: false });
    const { page } = tab;
    try {
      await page.goto(site.server.baseUrl + home);
      // The header's control is a form that opens the search page.
      await Promise.all([
        page.waitForURL((url) => url.pathname === `${lang === 'en' ? '' : `/${lang}`}/search`),
        page.locator('[data-site-search] button[type="submit"]').click(),
      ]);
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
      const field = page.locator('main input[name="q"]');
      await field.fill(query);
      await Promise.all([page.waitForURL(/\?q=/), field.press('Enter')]);
      const results = page.locator('[data-search-result]');
      assert.equal(await results.first().getAttribute('href'), want);
      // The words found are highlighted in the snippets.
      assert.ok((await page.locator('main mark').count()) > 0);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
}

test('/search: filters by type and pages through the results, without JavaScript', async () => {
  await searchReady();
  const tab = await openPage(site.browser, { width: 1280, height: 900, javaScriptEnabled: false });
  const { page } = tab;
  try {
    await page.goto(`${site.server.baseUrl}/nl/search?q=iso`);
    const filters = page.getByRole('navigation', { name: 'Filteren op soort' });
    await Promise.all([
      page.waitForURL(/type=standard/),
      filters.getByRole('link', { name: 'Normen' }).click(),
    ]);
    const first = await page.locator('[data-search-result]').first().getAttribute('href');
    assert.match(first, /^\/nl\/compliance\//);
    await Promise.all([page.waitForURL(/page=2/), page.locator('a[rel="next"]').click()]);
    const second = await page.locator('[data-search-result]').first().getAttribute('href');
    assert.notEqual(second, first);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('/search: nothing found says so, proposes a close word and the contact and proposal forms', async () => {
  await searchReady();
  const tab = await openPage(site.browser, {
    width: 375,
    height: 900,
    storage: { theme: 'theme-dark' },
  });
  const { page } = tab;
  try {
    await page.goto(`${site.server.baseUrl}/search?q=xenetration`);
    const empty = page.locator('[data-search-empty]');
    assert.match(await empty.innerText(), /Nothing on the site matches “xenetration”/);
    assert.equal(await page.locator('[data-search-result]').count(), 0);
    assert.equal(
      await empty.getByRole('link', { name: 'Contact us' }).getAttribute('href'),
      '/contact-us/dubai',
    );
    assert.equal(
      await empty.getByRole('link', { name: 'Request a proposal' }).getAttribute('href'),
      '/forms',
    );
    await Promise.all([
      page.waitForURL(/q=penetration$/),
      page.locator('[data-search-suggestion]').click(),
    ]);
    assert.ok((await page.locator('[data-search-result]').count()) > 0);

    await noSeriousAxeViolations(page, 'the search page with results, dark, 375 px');

    await page.goto(`${site.server.baseUrl}/fr/search?q=zzqqxxw`);
    assert.match(
      await page.locator('[data-search-empty]').innerText(),
      /Rien sur le site ne correspond/,
    );
    await noSeriousAxeViolations(page, 'the search page finding nothing, dark, 375 px');
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('/search: an empty query shows the main sections; a long one is cut with a note', async () => {
  await searchReady();
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  const { page } = tab;
  try {
    await page.goto(`${site.server.baseUrl}/ar/search`);
    assert.ok((await page.locator('[data-search-section]').count()) >= 4);
    assert.equal(await page.locator('[data-search-result]').count(), 0);
    await noSeriousAxeViolations(page, 'the Arabic search page without a query');

    await page.goto(
      `${site.server.baseUrl}/search?q=${encodeURIComponent('security '.repeat(40))}`,
    );
    assert.match(await page.locator('[data-search-notice="cut"]').innerText(), /200 characters/);
    assert.ok((await page.locator('[data-search-result]').count()) > 0);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('/search: a query is shown as text, never as markup', async () => {
  await searchReady();
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  const { page } = tab;
  try {
    const query = '<img src=x onerror="document.title=1">security';
    await page.goto(`${site.server.baseUrl}/search?q=${encodeURIComponent(query)}`);
    assert.equal(await page.locator('main img[src="x"]').count(), 0);
    assert.match(await page.locator('h1').innerText(), /<img src=x/);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('/search: control characters answer 400 with a message in the visitor’s language', async () => {
  await searchReady();
  for (const [path, message] of [
    ['/search?q=iso%00', 'characters that cannot be searched'],
    ['/fr/search?q=a%1Bb', 'caractères impossibles à rechercher'],
    ['/ar/search?q=%07', 'رموز لا يمكن البحث عنها'],
  ]) {
    const res = await fetch(site.server.baseUrl + path);
    assert.equal(res.status, 400, path);
    assert.equal(res.headers.get('x-robots-tag'), 'noindex');
    assert.ok((await res.text()).includes(message), path);
  }
});
