// Automated accessibility check (axe-core) of one page of every template, in
// English and Arabic, light and dark: no serious or critical violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { firstItemPath, itemLists, openPage, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

const templates = [
  '/',
  '/about-us',
  '/services/cybersecurity-services',
  '/services/cybersecurity-services/penetration-testing',
  '/compliance/iso-standards/iso-27001',
  '/contact-us/dubai',
  '/policy',
  '/forms',
  '/auth/login',
  '/resources/news',
  '/careers/jop-vacancies',
  '/no-such-page',
];
for (const locale of ['en', 'ar']) {
  for (const theme of ['theme-light', 'theme-dark']) {
    test(`${locale} ${theme}: every template passes axe without serious or critical violations`, async () => {
      const paths = [...templates];
      for (const list of itemLists) paths.push(await firstItemPath(site.server.baseUrl, list));
      const tab = await openPage(site.browser, { storage: { theme } });
      const problems = [];
      try {
        for (const path of paths) {
          const localized = locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`;
          await tab.page.goto(site.server.baseUrl + localized);
          await tab.page.waitForFunction(
            () => document.documentElement.dataset.hydrated === 'true',
          );
          const { violations } = await new AxeBuilder({ page: tab.page }).analyze();
          for (const v of violations.filter(
            (v) => v.impact === 'serious' || v.impact === 'critical',
          )) {
            problems.push(
              `${localized}: ${v.id} (${v.impact}) ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
            );
          }
        }
        assert.deepEqual(problems, []);
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }
}
