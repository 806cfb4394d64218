// A crawler's view of the site: every internal link from every home page
// answers, every indexable page carries the tags search engines need, the
// sitemaps list exactly the indexable pages, and the structured data parses.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { JSDOM } from 'jsdom';
import { startServer } from './harness.mjs';

const LOCALES = ['en', 'nl', 'fr', 'ar'];
const homeOf = (locale) => (locale === 'en' ? '/' : `/${locale}`);

let server;
/** path → { status, location, document, props } for every address the crawl reached */
const visited = new Map();

before(async () => {
  server = await startServer();
  await crawl(LOCALES.map(homeOf));
});

after(async () => {
  await server?.stop();
});

async function fetchPage(path) {
  const res = await fetch(server.baseUrl + path, { redirect: 'manual' });
  const entry = {
    status: res.status,
    location: res.headers.get('location'),
    document: null,
    props: null,
  };
  if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html')) {
    const html = await res.text();
    entry.document = new JSDOM(html).window.document;
    const payload = entry.document.getElementById('page-props')?.textContent;
    entry.props = payload ? JSON.parse(payload).props : null;
  } else {
    await res.arrayBuffer();
  }
  return entry;
}

/** Follows every same-origin link breadth-first, a few requests at a time. */
async function crawl(start) {
  let frontier = [...new Set(start)];
  while (frontier.length) {
    const next = new Set();
    for (let i = 0; i < frontier.length; i += 8) {
      const batch = frontier.slice(i, i + 8).filter((p) => !visited.has(p));
      const entries = await Promise.all(batch.map(fetchPage));
      batch.forEach((path, j) => {
        const entry = entries[j];
        visited.set(path, entry);
        const targets = [];
        if (entry.location) targets.push(entry.location);
        if (entry.document) {
          for (const a of entry.document.querySelectorAll('a[href]'))
            targets.push(a.getAttribute('href'));
        }
        for (const href of targets) {
          const url = new URL(href, server.baseUrl + path);
          if (url.origin !== server.baseUrl) continue;
          const target = url.pathname + url.search;
          if (!visited.has(target)) next.add(target);
        }
      });
    }
    frontier = [...next];
  }
}

const indexable = () =>
  [...visited].filter(
    ([, e]) =>
      e.status === 200 &&
      e.document &&
      !e.document.querySelector('meta[name="robots"][content*="noindex"]'),
  );

test('every internal link answers 200, or an intended 301 or 303', () => {
  const broken = [];
  for (const [path, e] of visited) {
    if (e.status === 200) continue;
    if (e.status === 301 && e.location) continue;
    if (e.status === 303 && e.location?.includes('/auth/login?returnUrl=')) continue;
    broken.push(`${path} → ${e.status}`);
  }
  assert.deepEqual(broken, []);
  assert.ok(visited.size > 4 * 60, `the crawl reached ${visited.size} addresses`);
});

test('every page of every language was reached from the home pages', () => {
  for (const locale of LOCALES) {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    for (const route of [
      '/about-us',
      '/services/cybersecurity-services/penetration-testing',
      '/compliance/iso-standards/iso-19770',
      '/contact-us/cairo',
      '/terms',
      '/policy',
    ]) {
      assert.equal(visited.get(prefix + route)?.status, 200, `${prefix + route} reached`);
    }
  }
});

test('every indexable page has one h1, a title, a description, a canonical and reciprocal alternates', () => {
  const problems = [];
  const pages = indexable();
  assert.ok(pages.length > 200);
  for (const [path, { document }] of pages) {
    const h1s = document.querySelectorAll('h1').length;
    if (h1s !== 1) problems.push(`${path}: ${h1s} h1`);
    if (!document.title.trim()) problems.push(`${path}: no title`);
    const description =
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    if (description.trim().length < 50) problems.push(`${path}: description "${description}"`);
    const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (canonical !== server.baseUrl + path) problems.push(`${path}: canonical ${canonical}`);
    const alternates = new Map(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    );
    if ([...alternates.keys()].sort().join() !== 'ar,en,fr,nl,x-default') {
      problems.push(`${path}: alternates ${[...alternates.keys()]}`);
      continue;
    }
    if (
      !alternates.has(document.documentElement.lang) ||
      alternates.get(document.documentElement.lang) !== canonical
    ) {
      problems.push(`${path}: its own language's alternate is not its canonical`);
    }
    for (const [lang, href] of alternates) {
      const other = visited.get(new URL(href).pathname);
      if (!other?.document) {
        problems.push(`${path}: alternate ${lang} ${href} not reached`);
        continue;
      }
      const back = [...other.document.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (l) => l.getAttribute('href'),
      );
      if (!back.includes(canonical)) problems.push(`${path}: ${href} does not point back`);
    }
  }
  assert.deepEqual(problems.slice(0, 20), []);
});

test('titles and descriptions are unique per page and language', () => {
  const seen = new Map();
  const dupes = [];
  for (const [path, { document }] of indexable()) {
    for (const value of [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute('content'),
    ]) {
      const key = `${document.documentElement.lang}|${value}`;
      if (seen.has(key)) dupes.push(`${path} and ${seen.get(key)}: "${value}"`);
      else seen.set(key, path);
    }
  }
  assert.deepEqual(dupes.slice(0, 10), []);
});

test('the sitemaps list every indexable page reached, and every listed page answers 200', async () => {
  const index = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const sitemapUrls = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.equal(sitemapUrls.length, 4);
  const listed = new Set();
  for (const url of sitemapUrls) {
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    const xml = await res.text();
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) listed.add(new URL(m[1]).pathname);
  }
  for (const path of listed) {
    const entry = visited.get(path) ?? (await fetchPage(path));
    assert.equal(entry.status, 200, `${path} is in the sitemap but answers ${entry.status}`);
  }
  const missing = indexable()
    .map(([path]) => path)
    .filter((path) => !listed.has(path));
  assert.deepEqual(missing, []);
  for (const path of listed)
    assert.ok(!/\/(auth|account)(\/|$)/.test(path), `${path} must stay out of the sitemap`);
});

const expectedTypes = {
  service: ['Service'],
  standard: ['Service'],
  article: ['Article'],
  vacancy: ['JobPosting'],
  webinar: ['Event'],
  'case-study': ['Article'],
};

test('every JSON-LD block parses and has the right @type for its page', () => {
  const problems = [];
  for (const [path, { document, props }] of indexable()) {
    const types = new Set();
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      let data;
      try {
        data = JSON.parse(script.textContent);
      } catch (err) {
        problems.push(`${path}: JSON-LD does not parse: ${err.message}`);
        continue;
      }
      for (const item of Array.isArray(data) ? data : (data['@graph'] ?? [data]))
        types.add(item['@type']);
    }
    const want = ['Organization', ...(expectedTypes[props?.page.kind] ?? [])];
    if (props && props.page.route !== '/') want.push('BreadcrumbList');
    // A service's questions are <details> on its page (a page of islands sends no content).
    const service = ['service', 'standard'].includes(props?.page.kind);
    if (service && document.querySelector('main details')) want.push('FAQPage');
    for (const type of want)
      if (!types.has(type)) problems.push(`${path} (${props?.page.kind}): no ${type}`);
  }
  assert.deepEqual(problems.slice(0, 20), []);
});

test('articles, events and job postings carry the properties search engines recommend', () => {
  const problems = [];
  let seen = 0;
  for (const [path, { document }] of indexable()) {
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      const data = JSON.parse(script.textContent);
      for (const item of Array.isArray(data) ? data : (data['@graph'] ?? [data])) {
        const lacks = (what) => problems.push(`${path}: ${item['@type']} has no ${what}`);
        switch (item['@type']) {
          case 'Article':
            seen++;
            if (!item.dateModified) lacks('dateModified');
            else if (item.dateModified < item.datePublished) lacks('dateModified after its date');
            break;
          case 'Event':
            seen++;
            if (item.eventStatus !== 'https://schema.org/EventScheduled') lacks('eventStatus');
            if (item.offers?.['@type'] !== 'Offer' || item.offers.price === undefined)
              lacks('offers with a price');
            else if (!item.offers.priceCurrency || !item.offers.url)
              lacks('offer currency and url');
            break;
          case 'JobPosting':
            seen++;
            if (!item.identifier?.value || !item.identifier?.name) lacks('identifier');
            // Every seeded vacancy states its pay: a range in its office's currency.
            {
              const pay = item.baseSalary;
              const range = pay?.value;
              if (pay?.['@type'] !== 'MonetaryAmount' || !/^[A-Z]{3}$/.test(pay.currency ?? ''))
                lacks('baseSalary with a currency');
              else if (
                range?.['@type'] !== 'QuantitativeValue' ||
                !(range.minValue > 0 && range.maxValue >= range.minValue) ||
                !['MONTH', 'YEAR'].includes(range.unitText)
              )
                lacks('baseSalary range a month or a year');
            }
            break;
        }
      }
    }
  }
  assert.ok(seen > 0, 'no article, event or job posting was crawled');
  assert.deepEqual(problems.slice(0, 20), []);
});
