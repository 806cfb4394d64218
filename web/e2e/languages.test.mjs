// Arabic, Dutch and French pages of every template on a phone: no console error and
// nothing wider than the screen (Dutch and French words are long; Arabic mirrors).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  firstItemPath,
  itemLists,
  layoutShift,
  openPage,
  recordLayoutShift,
  useSiteAndBrowser,
} from './harness.mjs';

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

test('one typeface in every language: each page fetches only its scripts, draws in it and never shifts', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 800 });
  try {
    await recordLayoutShift(tab.context);
    const fonts = [];
    tab.page.on('request', (req) => {
      if (req.resourceType() === 'font') fonts.push(new URL(req.url()).pathname);
    });
    // The font Chromium actually drew an element's text with.
    const cdp = await tab.context.newCDPSession(tab.page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const drawnWith = async (selector) => {
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return used.map((font) => font.familyName);
    };
    const settled = async () => {
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tab.page.evaluate(() => document.fonts.ready);
    };
    for (const [path, script] of [
      ['/about-us', 'latin'],
      ['/nl/about-us', 'latin'],
      ['/fr/contact-us/cairo', 'latin'],
      ['/ar/about-us', 'arabic'],
    ]) {
      fonts.length = 0;
      await tab.page.goto(site.server.baseUrl + path);
      await settled();
      // A face that arrives late moves whole lines of text; shifts under a
      // thousandth (one was seen with both cores busy) are below what a reader sees.
      const shift = await layoutShift(tab.page);
      assert.ok(shift < 0.001, `${path}: layout shift ${shift}`);
      for (const file of fonts) {
        assert.match(
          file,
          /\/assets\/ibm-plex-sans-arabic-(latin|arabic)-(400|600)-normal-[\w-]+\.woff2$/,
        );
      }
      assert.ok(
        fonts.some((file) => file.includes(`-${script}-400-`)),
        `${path} fetched ${fonts.join(' ')}`,
      );
      if (script === 'latin')
        assert.ok(!fonts.some((file) => /arabic-arabic-/.test(file)), `${path}: ${fonts}`);
      // Once its files are in the cache (a second view), every text is drawn in the face.
      await tab.page.reload();
      await settled();
      // A face that arrives late moves whole lines of text; shifts under a
      // thousandth (one was seen with both cores busy) are below what a reader sees.
      const shiftAgain = await layoutShift(tab.page);
      assert.ok(shiftAgain < 0.001, `${path}: layout shift ${shiftAgain}`);
      for (const selector of ['h1', 'main p', 'header nav a[href$="/forms"]']) {
        const used = await drawnWith(selector);
        assert.ok(
          used.length > 0 && used.every((name) => name.startsWith('IBM Plex Sans Arabic')),
          `${path} ${selector}: ${used}`,
        );
      }
    }
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('over a slow connection a page is drawn once it has arrived whole, so nothing in it moves', async () => {
  for (const width of [1280, 375]) {
    const tab = await openPage(site.browser, { width, height: 800 });
    try {
      await tab.context.addInitScript(() => {
        window.moved = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            for (const source of entry.sources)
              window.moved.push(source.node?.nodeName ?? '(removed)');
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The typeface, styles and scripts come from the cache; only each document is slow, so it
      // arrives in several pieces and Chromium could draw the ones it has.
      await tab.page.goto(`${site.server.baseUrl}/contact-us`);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const cdp = await tab.context.newCDPSession(tab.page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 16 * 1024,
        uploadThroughput: 16 * 1024,
      });
      for (const path of [
        '/',
        '/about-us',
        '/ar/about-us',
        '/fr/services/cybersecurity-services',
      ]) {
        await tab.page.goto(site.server.baseUrl + path);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        assert.deepEqual(await tab.page.evaluate(() => window.moved), [], `${path} at ${width} px`);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
});

test('phone numbers and e-mail addresses read left to right inside Arabic pages', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 800 });
  try {
    await tab.page.goto(site.server.baseUrl + '/ar/contact-us/dubai');
    const numbers = await tab.page.$$eval('a[href^="tel:"]', (links) =>
      links.map((a) => {
        const text =
          [...a.querySelectorAll('*'), a].find(
            (el) => /\d/.test(el.textContent ?? '') && el.children.length === 0,
          ) ?? a;
        return { text: text.textContent.trim(), direction: getComputedStyle(text).direction };
      }),
    );
    assert.ok(numbers.length >= 3, `${numbers.length} phone links`);
    for (const n of numbers) {
      if (!n.text) continue; // an icon-only link on narrow layouts
      assert.equal(n.direction, 'ltr', `${n.text} reads ${n.direction}`);
      assert.match(n.text, /^\+\d/);
    }
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('the home page is titled in its own language, in <title> and og:title', async () => {
  const titles = {};
  for (const locale of ['en', 'nl', 'fr', 'ar']) {
    const html = await (
      await fetch(`${site.server.baseUrl}${locale === 'en' ? '/' : `/${locale}`}`)
    ).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const og = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
    assert.equal(og, title, `${locale}: og:title`);
    titles[locale] = title;
  }
  assert.equal(new Set(Object.values(titles)).size, 4, JSON.stringify(titles));
  assert.match(titles.ar, /[\u0600-\u06FF]/);
  assert.match(titles.nl, /Informatiebeveiliging/);
  assert.match(titles.fr, /Sécurité/);
});

test('Arabic pages write office addresses in Arabic, aligned with the page, postcodes left to right', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 800 });
  try {
    await tab.page.goto(site.server.baseUrl + '/ar/contact-us/london');
    const addresses = await tab.page.$$eval('.office-address', (spans) =>
      spans.map((span) => {
        const postcode = [...span.querySelectorAll('[dir="ltr"]')].find((el) =>
          /EC2M 7EB/.test(el.textContent),
        );
        return {
          text: span.textContent,
          direction: getComputedStyle(span).direction,
          align: getComputedStyle(span).textAlign,
          postcode: postcode ? getComputedStyle(postcode).direction : null,
        };
      }),
    );
    // The contact page's own card and the three offices of the footer.
    assert.equal(addresses.length, 4);
    for (const address of addresses) {
      assert.match(address.text, /[\u0600-\u06FF]/, address.text);
      assert.equal(address.direction, 'rtl', address.text);
      assert.match(address.align, /^(start|right)$/, address.text);
    }
    const london = addresses.filter((a) => /EC2M 7EB/.test(a.text));
    assert.equal(london.length, 2);
    for (const address of london) assert.equal(address.postcode, 'ltr');
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('a vacancy states its pay in the visitor’s language, in its office’s currency', async () => {
  const cases = [
    { prefix: '', term: 'Salary', pay: /^AED\s30,000–38,000 a month$/ },
    { prefix: '/ar', term: 'الراتب', pay: /30,000.38,000.*د\.إ.*شهريًا/ },
  ];
  for (const { prefix, term, pay } of cases) {
    const tab = await openPage(site.browser, { width: 1280, height: 800 });
    try {
      const path = `${prefix}/careers/jop-vacancies/iso-lead-implementer-dubai`;
      await tab.page.goto(site.server.baseUrl + path);
      const fact = tab.page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
      assert.match((await fact.innerText()).trim(), pay, path);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
});

test('an office with a WhatsApp number offers it beside its phone, named in the visitor’s language', async () => {
  const cases = [
    { path: '/contact-us/dubai', name: 'Message our Dubai office on WhatsApp: +971 50 555 0142' },
    { path: '/ar/contact-us/dubai', name: 'راسِل مكتبنا في دبي عبر واتساب: +971 50 555 0142' },
  ];
  for (const { path, name } of cases) {
    const tab = await openPage(site.browser, { width: 1280, height: 800 });
    try {
      await tab.page.goto(site.server.baseUrl + path);
      const card = tab.page.getByRole('region', { name: /Office details|بيانات المكتب/ });
      const link = card.getByRole('link', { name, exact: true });
      assert.equal(await link.getAttribute('href'), 'https://wa.me/971505550142', path);
      assert.equal(await link.getAttribute('target'), null, `${path}: a plain link`);
      // The footer lists every office: Dubai and Cairo have a number, London none.
      const footer = tab.page.getByRole('contentinfo');
      const numbers = await footer
        .locator('a[href^="https://wa.me/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.deepEqual(numbers, ['https://wa.me/971505550142', 'https://wa.me/201005550187']);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
  const tab = await openPage(site.browser, { width: 1280, height: 800 });
  try {
    await tab.page.goto(site.server.baseUrl + '/contact-us/london');
    const card = tab.page.getByRole('region', { name: 'Office details' });
    await card.getByRole('link', { name: '+44 20 7946 0321' }).waitFor();
    assert.equal(await card.locator('a[href^="https://wa.me/"]').count(), 0, 'London has none');
    assert.equal(await card.getByText('WhatsApp').count(), 0);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});
