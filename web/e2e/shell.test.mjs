// The site shell in a real browser: server rendering, hydration, theme,
// languages and the responsive header.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nodeVersionProblem } from '../../ssr/node-version.mjs';
import { firstItemPath, openPage, untilAttribute, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

const ARABIC = /[\u0600-\u06FF]/;

describe('server rendering and hydration', () => {
  test('the server renders with the Node release the project supports', () => {
    const listening = site.server.logs
      .join('')
      .match(/renderer level=info listening \S+ node=(v\d+\.\d+\.\d+)/);
    assert.ok(listening, `the renderer logged no start line:\n${site.server.logs.join('')}`);
    assert.equal(nodeVersionProblem(listening[1]), null);
  });

  test('the home page shows its content with scripts disabled', async () => {
    const tab = await openPage(site.browser, { javaScriptEnabled: false });
    try {
      const res = await tab.page.goto(`${site.server.baseUrl}/`);
      assert.equal(res.status(), 200);
      const h1 = tab.page.getByRole('heading', { level: 1 });
      assert.equal(await h1.count(), 1);
      assert.ok((await h1.innerText()).trim().length > 10, 'the hero heading has real text');
      assert.ok(await tab.page.getByRole('contentinfo').isVisible(), 'the footer is rendered');
      assert.ok(
        await tab.page
          .getByRole('link', { name: /cybersecurity services/i })
          .first()
          .isVisible(),
      );
    } finally {
      await tab.close();
    }
  });

  for (const path of [
    '/',
    '/about-us',
    '/services/cybersecurity-services/penetration-testing',
    '/ar/compliance/iso-standards/iso-27001',
    '/nl/contact-us/dubai',
    '/fr/auth/login',
    '/no-such-page',
  ]) {
    test(`${path} hydrates with no console error, page error or CSP violation`, async () => {
      const tab = await openPage(site.browser);
      try {
        await tab.page.goto(`${site.server.baseUrl}${path}`);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        assert.equal(await tab.page.getByRole('heading', { level: 1 }).count(), 1);
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }

  test('an unknown path answers 404 with a localized page', async () => {
    const tab = await openPage(site.browser);
    try {
      const res = await tab.page.goto(`${site.server.baseUrl}/ar/no-such-page`);
      assert.equal(res.status(), 404);
      assert.equal(await tab.page.locator('html').getAttribute('dir'), 'rtl');
      assert.match(await tab.page.getByRole('heading', { level: 1 }).innerText(), ARABIC);
    } finally {
      await tab.close();
    }
  });
});

describe('theme', () => {
  test('the toggle switches to dark, survives a reload and applies before any bundle runs', async () => {
    const tab = await openPage(site.browser);
    try {
      await tab.page.goto(`${site.server.baseUrl}/about-us`);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const html = tab.page.locator('html');
      assert.match(await html.getAttribute('class'), /\btheme-light\b/);
      const lightBg = await tab.page.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );

      await tab.page.getByRole('button', { name: /dark/i }).first().click();
      assert.match(await html.getAttribute('class'), /\btheme-dark\b/);
      assert.equal(await tab.page.evaluate(() => localStorage.getItem('theme')), 'theme-dark');

      // Block the application bundle: only the inline head script can set the theme now.
      await tab.page.route('**/assets/*.js', (route) => route.abort());
      tab.problems.length = 0;
      await tab.page.reload();
      assert.match(await html.getAttribute('class'), /\btheme-dark\b/);
      assert.doesNotMatch(await html.getAttribute('class'), /\btheme-light\b/);
      const darkBg = await tab.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(darkBg, lightBg, 'the page background changes with the theme');
    } finally {
      await tab.close();
    }
  });
});

describe('languages', () => {
  test('choosing Arabic reloads the same page right-to-left in Arabic', async () => {
    const tab = await openPage(site.browser);
    try {
      await tab.page.goto(`${site.server.baseUrl}/about-us`);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      assert.equal(await tab.page.locator('html').getAttribute('dir'), 'ltr');
      await tab.page
        .getByRole('button', { name: /language/i })
        .first()
        .click();
      await Promise.all([
        tab.page.waitForURL(`${site.server.baseUrl}/ar/about-us`),
        tab.page
          .getByRole('menuitem', { name: /العربية/ })
          .first()
          .click(),
      ]);
      assert.equal(await tab.page.locator('html').getAttribute('dir'), 'rtl');
      assert.equal(await tab.page.locator('html').getAttribute('lang'), 'ar');
      assert.match(
        await tab.page.getByRole('banner').innerText(),
        ARABIC,
        'the header is in Arabic',
      );
      assert.match(
        await tab.page.getByRole('contentinfo').innerText(),
        ARABIC,
        'the footer is in Arabic',
      );
      assert.equal(await tab.page.evaluate(() => localStorage.getItem('language')), 'ar');
      assert.equal(await tab.page.evaluate(() => localStorage.getItem('isRTL')), 'true');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('from a path that reads as a host once its language is dropped, choosing English stays on this site', async () => {
    const tab = await openPage(site.browser);
    try {
      // Two slashes after the language: in English, "//evil.example/phish" would be another site.
      const res = await tab.page.goto(`${site.server.baseUrl}/nl//evil.example/phish`);
      assert.equal(res.status(), 404);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const english = tab.page.getByRole('menuitem', { name: /English/ }).first();
      await tab.page
        .getByRole('button', { name: /^Taal:/ })
        .first()
        .click();
      const href = await english.getAttribute('href');
      assert.equal(
        new URL(href, tab.page.url()).origin,
        site.server.baseUrl,
        `the link goes to ${href}`,
      );
      await Promise.all([
        tab.page.waitForURL(`${site.server.baseUrl}/evil.example/phish`),
        english.click(),
      ]);
      assert.equal(new URL(tab.page.url()).origin, site.server.baseUrl);
      assert.equal(await tab.page.locator('html').getAttribute('lang'), 'en');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});

describe('responsive header', () => {
  test('at 375 px the hamburger opens, locks scrolling, expands a submenu and closes on navigation', async () => {
    const tab = await openPage(site.browser, { width: 375, height: 740 });
    try {
      await tab.page.goto(`${site.server.baseUrl}/`);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const burger = tab.page.getByRole('button', { name: /menu/i }).first();
      assert.equal(await burger.getAttribute('aria-expanded'), 'false');
      // The menu's code loads when the visitor comes to it; the press is then taken.
      await burger.click();
      await untilAttribute(burger, 'aria-expanded', 'true');
      const locked = () =>
        tab.page.evaluate(() =>
          [document.documentElement, document.body].some(
            (el) => getComputedStyle(el).overflow === 'hidden',
          ),
        );
      assert.equal(await locked(), true, 'page scrolling is locked while the menu is open');

      const menu = tab.page.locator(`#${await burger.getAttribute('aria-controls')}`);
      const services = menu.getByRole('button', { name: /^services$/i });
      await services.click();
      assert.equal(await services.getAttribute('aria-expanded'), 'true');
      const cyber = menu.getByRole('button', { name: /cybersecurity services/i });
      await cyber.click();
      const link = menu.getByRole('link', { name: /penetration testing/i });
      assert.ok(await link.isVisible());

      await Promise.all([tab.page.waitForURL(/penetration-testing$/), link.click()]);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const burgerAfter = tab.page.getByRole('button', { name: /menu/i }).first();
      assert.equal(await burgerAfter.getAttribute('aria-expanded'), 'false');
      assert.equal(await locked(), false, 'scrolling is unlocked after navigation');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('Escape closes the mobile menu and returns focus to the hamburger', async () => {
    const tab = await openPage(site.browser, { width: 375, height: 740 });
    try {
      await tab.page.goto(`${site.server.baseUrl}/fr`);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const burger = tab.page
        .locator('button[aria-controls][aria-expanded]')
        .filter({ visible: true })
        .first();
      await burger.click();
      await untilAttribute(burger, 'aria-expanded', 'true');
      await tab.page.keyboard.press('Escape');
      assert.equal(await burger.getAttribute('aria-expanded'), 'false');
      assert.equal(await burger.evaluate((el) => el === document.activeElement), true);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  for (const [width, desktop] of [
    [992, true],
    [991, false],
  ]) {
    test(`at ${width} px the ${desktop ? 'desktop navigation' : 'mobile bar'} shows`, async () => {
      const tab = await openPage(site.browser, { width, height: 800 });
      try {
        await tab.page.goto(`${site.server.baseUrl}/about-us`);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const burger = tab.page.getByRole('button', { name: /menu/i }).first();
        const desktopServices = tab.page
          .getByRole('navigation')
          .getByRole('button', { name: /^services$/i })
          .first();
        assert.equal(await burger.isVisible(), !desktop);
        assert.equal(await desktopServices.isVisible(), desktop);
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }
});

describe('small things a visitor notices', () => {
  test('every cover on the home, list, item, service and standard pages shows a picture', async () => {
    const tab = await openPage(site.browser, { width: 1280, height: 900 });
    try {
      const covers = new Map();
      for (const path of [
        '/',
        '/resources/news',
        '/careers/jop-vacancies',
        await firstItemPath(site.server.baseUrl, '/resources/webinars'),
        '/services/cybersecurity-services/penetration-testing',
        '/ar/compliance/iso-standards/iso-27001',
      ]) {
        await tab.page.goto(site.server.baseUrl + path);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const images = tab.page.locator('main img[src^="/covers/"]');
        const count = await images.count();
        assert.ok(count > 0, `${path} shows no cover`);
        for (let i = 0; i < count; i++) {
          const image = images.nth(i);
          // Lazy pictures load once they come into view.
          await image.scrollIntoViewIfNeeded();
          await tab.page.waitForFunction((img) => img.complete, await image.elementHandle());
          const { src, width } = await image.evaluate((img) => ({
            src: img.getAttribute('src'),
            width: img.naturalWidth,
          }));
          assert.ok(width > 0, `${path}: ${src} is not a picture`);
          covers.set(src, path);
        }
      }
      for (const src of covers.keys()) {
        const res = await fetch(site.server.baseUrl + src);
        assert.equal(res.headers.get('content-type'), 'image/svg+xml', src);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a story copies its own address for sharing, and says so', async () => {
    const tab = await openPage(site.browser, { width: 1280, height: 900 });
    try {
      await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: site.server.baseUrl,
      });
      const path = `/ar${await firstItemPath(site.server.baseUrl, '/resources/news')}`;
      await tab.page.goto(site.server.baseUrl + path);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tab.page.getByRole('button', { name: 'انسخ الرابط' }).click();
      await tab.page.getByRole('status').getByText('تم نسخ الرابط').waitFor();
      assert.equal(
        await tab.page.evaluate(() => navigator.clipboard.readText()),
        site.server.baseUrl + path,
      );
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('/favicon.ico answers an icon, for browsers that ask for it whatever the page links', async () => {
    const res = await fetch(`${site.server.baseUrl}/favicon.ico`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/x-icon');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([bytes.readUInt16LE(0), bytes.readUInt16LE(2)], [0, 1], 'an ICO header');
  });

  test('the login page says "Log in" the way its button does, and its header offers no login link', async () => {
    for (const width of [1280, 375]) {
      const tab = await openPage(site.browser, { width });
      try {
        await tab.page.goto(`${site.server.baseUrl}/auth/login`);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const heading = await tab.page.getByRole('heading', { level: 1 }).innerText();
        const button = await tab.page.locator('main form button[type="submit"]').innerText();
        assert.equal(heading.trim(), 'Log in');
        assert.equal(button.trim(), heading.trim());
        // The language switcher's links to this page in other languages are not login links.
        const headerLinks = await tab.page
          .locator('header a[href$="/auth/login"]:not([hreflang])')
          .evaluateAll((links) => links.length);
        assert.equal(headerLinks, 0, `login links in the header at ${width} px`);
        // Elsewhere the header still offers it.
        await tab.page.goto(`${site.server.baseUrl}/about-us`);
        assert.ok(
          (await tab.page.locator('header a[href$="/auth/login"]:not([hreflang])').count()) > 0,
        );
        tab.assertClean();
      } finally {
        await tab.close();
      }
    }
  });
});
