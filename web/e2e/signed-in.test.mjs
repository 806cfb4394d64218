// A signed-in visitor in a real browser: the same cached pages as everyone, a header decided from
// the stored user data before first paint, kept honest by one account call per page view, and a
// profile button that fits a long name in every language.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { openPage, useSiteAndBrowser } from './harness.mjs';
import { visitorHelpers } from './visitor.mjs';

const site = useSiteAndBrowser({ development: true });
const { hydrated, confirmedAccount, logIn } = visitorHelpers(site);

const PASSWORD = 'copper lantern orchard 9';
// Forty characters in all, the longest name the header is asked to fit.
const FIRST = 'Omar Abdulrahman';
const LAST = 'Al-Rashidi Nasser Khali';
const FULL = `${FIRST} ${LAST}`;

const prefix = (lang) => (lang === 'en' ? '' : `/${lang}`);

/** The visible profile button of the header (desktop or mobile bar), or null. */
const profileButton = (page) =>
  page.evaluate(() => {
    const visible = [...document.querySelectorAll('header .when-signed-in button[aria-haspopup]')]
      .map((b) => b.getBoundingClientRect())
      .find((r) => r.width > 0);
    return visible ? { left: visible.left, right: visible.right, width: visible.width } : null;
  });

/** Boxes of every visible link and button of the header, in document order. */
const headerBoxes = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('header a, header button')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => [r.left, r.top, r.width, r.height].map((n) => Math.round(n * 10) / 10)),
  );

/** Whether the header shows the login button (logged out) or the profile menu (logged in). */
const headerState = (page) =>
  page.evaluate(() => {
    const shown = (selector) =>
      [...document.querySelectorAll(selector)].some((el) => el.getBoundingClientRect().width > 0);
    return {
      login: shown('header .when-signed-out'),
      profile: shown('header .when-signed-in'),
    };
  });

describe('signed-in visitors', () => {
  let email;
  before(async () => {
    email = await confirmedAccount(FIRST, LAST, PASSWORD);
  });

  test('a signed-in visitor gets the same document, and ETag, as everyone', async () => {
    const tab = await openPage(site.browser);
    try {
      await logIn(tab.page, email, PASSWORD);
      const cookies = await tab.context.cookies();
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      assert.ok(
        cookies.some((c) => c.httpOnly),
        'no session cookie after logging in',
      );
      for (const path of ['/about-us', '/ar/services/cybersecurity-services']) {
        const anonymous = await fetch(`${site.server.baseUrl}${path}`);
        const signedIn = await fetch(`${site.server.baseUrl}${path}`, { headers: { cookie } });
        assert.equal(signedIn.status, 200);
        assert.ok(anonymous.headers.get('etag'));
        assert.equal(signedIn.headers.get('etag'), anonymous.headers.get('etag'), path);
        assert.equal(await signedIn.text(), await anonymous.text(), path);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  // The page's first script: a page of islands' or a page that hydrates whole's.
  const pageScript = /\/assets\/entry-(islands|client)-[\w-]+\.js$/;
  for (const width of [992, 1280, 1536]) {
    test(`at ${width} px the header fits a 40-character name in every language and does not move at hydration`, async () => {
      const tab = await openPage(site.browser, { width, height: 800 });
      const { page } = tab;
      try {
        await logIn(page, email, PASSWORD);
        for (const lang of ['en', 'nl', 'fr', 'ar']) {
          // Hold the page's script until the first paint has been measured: what is on screen then
          // is the server's document with the state the first-paint script chose.
          let release;
          const held = new Promise((resolve) => (release = resolve));
          await page.route(pageScript, async (route) => {
            await held;
            await route.continue();
          });
          await page.goto(`${site.server.baseUrl}${prefix(lang)}/about-us`, {
            waitUntil: 'commit',
          });
          // The document may have no body yet when the navigation commits. Until a face the
          // header asks for has arrived (or given up, after its short block period), its text is
          // laid out invisibly in the fallback's measures: what is painted is measured once none is
          // loading. Measuring lays the header out, which is what asks for its faces.
          await page.waitForFunction(() => {
            const header = document.querySelector('header');
            if (header === null || getComputedStyle(header).zIndex !== '30') return false;
            header.getBoundingClientRect();
            return document.fonts.status === 'loaded';
          });
          assert.equal(
            await page.evaluate(() => document.documentElement.dataset.hydrated),
            undefined,
          );
          assert.deepEqual(await headerState(page), { login: false, profile: true }, lang);
          const before = await headerBoxes(page);
          release();
          await hydrated(page);
          await page.waitForFunction(
            (name) =>
              [...document.querySelectorAll('header .when-signed-in button[aria-haspopup]')].some(
                (b) => b.getAttribute('aria-label')?.includes(name),
              ),
            FULL,
          );
          const after = await headerBoxes(page);
          await page.unroute(pageScript);
          assert.deepEqual(
            after,
            before,
            `${lang}: the header moved between first paint and hydration`,
          );

          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          assert.ok(
            scrollWidth <= innerWidth,
            `${lang}: the page scrolls sideways (${scrollWidth} > ${innerWidth})`,
          );
          const button = await profileButton(page);
          assert.ok(button, `${lang}: no profile button`);
          assert.ok(
            button.left >= 0 && button.right <= innerWidth,
            `${lang}: profile button ${JSON.stringify(button)}`,
          );
        }
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }

  test('the stored entry decides the header, and the server keeps it honest', async () => {
    const tab = await openPage(site.browser, { allowApiStatuses: [401] });
    const { page } = tab;
    try {
      await logIn(page, email, PASSWORD);

      // One account call per page view while the entry is there.
      const calls = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/account') calls.push(req.method());
      });
      const answered = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/account',
      );
      await page.goto(`${site.server.baseUrl}/nl/about-us`);
      assert.equal((await answered).status(), 200);
      await hydrated(page);
      assert.deepEqual(calls, ['GET']);
      assert.deepEqual(await headerState(page), { login: false, profile: true });

      // The entry removed by hand: logged out on the next page, with no account call.
      await page.evaluate(() => localStorage.removeItem('userData'));
      calls.length = 0;
      await page.reload();
      await hydrated(page);
      assert.deepEqual(await headerState(page), { login: true, profile: false });
      assert.deepEqual(calls, []);

      // The session is still there: the account page loads the account and stores the entry again.
      await page.goto(`${site.server.baseUrl}/account`);
      await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
      await page.waitForFunction(() => localStorage.getItem('userData') !== null);
      assert.deepEqual(await headerState(page), { login: false, profile: true });

      // Then the session ends on the server (revoked from another device): one page view later the
      // header follows and the entry is gone.
      const other = await fetch(`${site.server.baseUrl}/api/Website/Login?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.server.baseUrl },
        body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }),
      });
      assert.equal(other.status, 200, await other.clone().text());
      const otherCookie = other.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const list = await (
        await fetch(`${site.server.baseUrl}/api/account/sessions?lang=en`, {
          headers: { cookie: otherCookie },
        })
      ).json();
      const browserSessions = list.data.filter((s) => !s.current);
      assert.ok(browserSessions.length >= 1, JSON.stringify(list.data));
      for (const s of browserSessions) {
        const revoked = await fetch(`${site.server.baseUrl}/api/account/sessions/${s.id}?lang=en`, {
          method: 'DELETE',
          headers: { cookie: otherCookie, origin: site.server.baseUrl },
        });
        assert.equal(revoked.status, 200);
      }
      const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/account');
      await page.goto(`${site.server.baseUrl}/fr/about-us`);
      assert.equal((await refused).status(), 401);
      await page.waitForFunction(() => !document.documentElement.classList.contains('signed-in'));
      assert.deepEqual(await headerState(page), { login: true, profile: false });
      assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);

      // And /account now sends the visitor to the login page.
      await page.goto(`${site.server.baseUrl}/fr/account`);
      assert.equal(new URL(page.url()).pathname, '/fr/auth/login');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});
