// Arabic, Dutch and French pages of every template on a phone: no console error and
// nothing wider than the screen (Dutch and French words are long; Arabic mirrors).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, startServer } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const templates = [
  '',
  '/about-us',
  '/services/cybersecurity-services',
  '/services/cybersecurity-services/incident-handling-and-forensic-investigation',
  '/compliance/iso-standards/iso-27001',
  '/contact-us/cairo',
  '/terms',
  '/forms',
  '/auth/login',
  '/resources/webinars',
  '/careers/jop-vacancies',
  '/no-such-page',
];
const itemLists = [
  '/resources/news',
  '/resources/blogs',
  '/resources/publications',
  '/resources/webinars',
  '/careers/jop-vacancies',
];

async function firstItem(locale, list) {
  const html = await (await fetch(`${server.baseUrl}/${locale}${list}`)).text();
  const match = html.match(new RegExp(`href="(/${locale}${list}/[a-z0-9-]+)"`));
  assert.ok(match, `${list} links to an item in ${locale}`);
  return match[1];
}

for (const locale of ['ar', 'nl', 'fr']) {
  test(`${locale}: every template at 375 px has no console error and nothing wider than the screen`, async () => {
    const paths = templates.map((t) => `/${locale}${t}`);
    for (const list of itemLists) paths.push(await firstItem(locale, list));
    const tab = await openPage(browser, { width: 375, height: 740 });
    const wide = [];
    try {
      for (const path of paths) {
        await tab.page.goto(server.baseUrl + path);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const overflow = await tab.page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const offenders = [...document.querySelectorAll('body *')]
            .filter((el) => {
              const box = el.getBoundingClientRect();
              return (
                box.width > 0 &&
                (box.right > width + 1 || box.left < -1) &&
                getComputedStyle(el).position !== 'fixed'
              );
            })
            .filter((el) => !el.closest('[hidden], [aria-hidden="true"]'))
            .slice(0, 3)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`);
          return { scroll: document.documentElement.scrollWidth > width, offenders };
        });
        if (overflow.scroll)
          wide.push(`${path}: page scrolls sideways (${overflow.offenders.join(', ')})`);
      }
      assert.deepEqual(wide, []);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
}
