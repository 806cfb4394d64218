// Automated accessibility check (axe-core) of one page of every template, in
// English and Arabic, light and dark: no serious or critical violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { firstItemPath, itemLists, openPage, useSiteAndBrowser } from './harness.mjs';
import { captchaReady } from './visitor.mjs';

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

// The states a template check does not reach: a form showing its errors, and the date picker's
// dialog open over it.
for (const [locale, theme] of [
  ['en', 'theme-light'],
  ['ar', 'theme-dark'],
]) {
  test(`${locale} ${theme}: a form with its errors and the open date picker pass axe`, async () => {
    const tab = await openPage(site.browser, { storage: { theme } });
    const { page } = tab;
    const serious = async (state) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${state}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    try {
      await page.goto(
        `${site.server.baseUrl}${locale === 'en' ? '' : `/${locale}`}/forms#proposal`,
      );
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // The tabs have taken over from the links, and the page has come back to them.
      await page.locator('[role="tab"][aria-selected="true"]').waitFor();
      const form = page.locator('#proposal form');
      // The check above the button takes over from its stand-in as it comes into view; the
      // click waits for that, so the button is where the pointer goes.
      await captchaReady(page, form);
      await form.locator('button[type="submit"]').click();
      await form.locator('[aria-invalid="true"]').first().waitFor();
      const problems = await serious('errors shown');

      await form.locator('button[aria-haspopup="dialog"]').click();
      await form.locator('[role="dialog"][aria-modal="true"]').waitFor();
      problems.push(...(await serious('date picker open')));
      assert.deepEqual(problems, []);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
}
