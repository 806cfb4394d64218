// Arabic, Dutch and French pages of every template on a phone: no console error and
// nothing wider than the screen (Dutch and French words are long; Arabic mirrors).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstItemPath, itemLists, openPage, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

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
for (const locale of ['ar', 'nl', 'fr']) {
  test(`${locale}: every template at 375 px has no console error and nothing wider than the screen`, async () => {
    const paths = templates.map((t) => `/${locale}${t}`);
    for (const list of itemLists)
      paths.push(await firstItemPath(site.server.baseUrl, `/${locale}${list}`));
    const tab = await openPage(site.browser, { width: 375, height: 740 });
    const wide = [];
    try {
      for (const path of paths) {
        await tab.page.goto(site.server.baseUrl + path);
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
