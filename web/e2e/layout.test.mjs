// How pages are laid out across widths: lists in grid columns leave no empty cell, card titles
// are shown whole, and item pages end with related items and a call to action.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstItemPath, itemLists, openPage, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

const pages = [
  '/',
  '/ar',
  '/about-us',
  '/services/cybersecurity-services',
  '/services/cybersecurity-services/penetration-testing',
  '/compliance/iso-standards',
  '/compliance/iso-standards/iso-27001',
  '/compliance/soc-reports',
  '/resources/news',
  '/resources/webinars',
  '/careers/jop-vacancies',
  '/contact-us/dubai',
  '/forms',
];

/** Lists laid out as grids whose occupied cells do not fill their last row. */
function gridHoles() {
  return [...document.querySelectorAll('ul, ol, dl')]
    .filter((list) => getComputedStyle(list).display === 'grid' && list.checkVisibility())
    .map((list) => {
      const columns = getComputedStyle(list).gridTemplateColumns.split(' ').length;
      const cells = [...list.children].reduce((sum, item) => {
        const span = /span (\d+)/.exec(getComputedStyle(item).gridColumnEnd)?.[1];
        return sum + Math.min(columns, Number(span ?? 1));
      }, 0);
      const name = `${list.tagName.toLowerCase()}.${[...list.classList].slice(0, 4).join('.')}`;
      return { name, columns, cells };
    })
    .filter(({ columns, cells }) => columns > 1 && cells % columns !== 0)
    .map(({ name, columns, cells }) => `${name}: ${cells} cells in ${columns} columns`);
}

test('no list laid out in grid columns leaves an empty cell, from 375 to 1536 px', async () => {
  const paths = [...pages, await firstItemPath(site.server.baseUrl, '/resources/news')];
  const holes = [];
  for (const width of [375, 576, 640, 768, 992, 1024, 1280, 1440, 1536]) {
    const tab = await openPage(site.browser, { width, height: 900 });
    try {
      for (const path of paths) {
        await tab.page.goto(site.server.baseUrl + path);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        for (const hole of await tab.page.evaluate(gridHoles))
          holes.push(`${width} px ${path} ${hole}`);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
  assert.deepEqual(holes, []);
});

test('at 1280 px no card title is cut: news, resources and vacancies show their titles whole', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  const cut = [];
  try {
    for (const path of [
      '/',
      '/ar',
      '/resources/news',
      '/resources/blogs',
      '/careers/jop-vacancies',
    ]) {
      await tab.page.goto(site.server.baseUrl + path);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const titles = await tab.page.evaluate(() =>
        [...document.querySelectorAll('article :is(h2, h3)')].map((title) => ({
          text: title.textContent,
          clipped:
            title.scrollHeight > title.clientHeight + 1 ||
            title.scrollWidth > title.clientWidth + 1,
          clamp: getComputedStyle(title).webkitLineClamp,
        })),
      );
      assert.ok(titles.length >= 6, `${path}: ${titles.length} card titles`);
      for (const title of titles)
        if (title.clipped || title.clamp !== 'none') cut.push(`${path}: ${title.text}`);
    }
    assert.deepEqual(cut, []);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('"On this page" marks the link of the section being read as the reader scrolls', async () => {
  for (const path of ['/services/cybersecurity-services/penetration-testing', '/ar/about-us']) {
    const tab = await openPage(site.browser, { width: 1280, height: 900 });
    try {
      await tab.page.goto(site.server.baseUrl + path);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const contents = tab.page.locator('aside nav');
      const ids = await contents
        .locator('a')
        .evaluateAll((links) => links.map((a) => decodeURIComponent(a.hash.slice(1))));
      assert.ok(ids.length >= 3, `${path}: ${ids.length} sections`);
      const seen = [];
      for (const [index, id] of ids.entries()) {
        // Bring the section's start just below the top of the window, or the page to its end.
        await tab.page.evaluate(
          ([target, last]) => {
            const top = document.getElementById(target).getBoundingClientRect().top;
            window.scrollTo(0, last ? document.documentElement.scrollHeight : top + scrollY - 10);
          },
          [id, index === ids.length - 1],
        );
        // The marked link is the last section whose start is in the top quarter of the window.
        await tab.page.waitForFunction((all) => {
          const line = innerHeight * 0.25;
          const atEnd = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
          const reached = all.filter(
            (s) => document.getElementById(s).getBoundingClientRect().top <= line,
          );
          const want = atEnd ? all.at(-1) : (reached.at(-1) ?? all[0]);
          const current = [...document.querySelectorAll('aside nav a[aria-current]')];
          return (
            current.length === 1 &&
            current[0].getAttribute('aria-current') === 'location' &&
            decodeURIComponent(current[0].hash.slice(1)) === want
          );
        }, ids);
        seen.push(
          await contents
            .locator('a[aria-current]')
            .evaluate((a) => decodeURIComponent(a.hash.slice(1))),
        );
      }
      assert.equal(seen.at(-1), ids.at(-1), `${path}: the last section at the end of the page`);
      assert.ok(new Set(seen).size >= ids.length - 1, `${path}: followed ${seen.join(', ')}`);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
});

test('news stories and blog posts end with a call to action that leads to the request forms', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  try {
    for (const list of ['/resources/news', '/resources/blogs', '/ar/resources/news']) {
      const path = await firstItemPath(site.server.baseUrl, list);
      await tab.page.goto(site.server.baseUrl + path);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const end = await tab.page.evaluate(() => {
        const sections = [...document.querySelectorAll('main section[aria-labelledby]')];
        const last = sections.at(-1);
        return {
          heading: last?.querySelector('h2')?.textContent ?? '',
          link: last ? new URL(last.querySelector('a')?.href ?? '', location.href).pathname : '',
        };
      });
      assert.match(end.link, /^(\/ar)?\/forms$/, `${path}: ${JSON.stringify(end)}`);
      assert.ok(end.heading.length > 10, `${path}: ${end.heading}`);
      if (path.startsWith('/ar')) assert.match(end.heading, /[\u0600-\u06FF]/);
    }
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('an item page ends with three other items of its collection whose links open their pages', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  try {
    for (const list of [...itemLists, '/ar/resources/news']) {
      const path = await firstItemPath(site.server.baseUrl, list);
      await tab.page.goto(site.server.baseUrl + path);
      await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const related = tab.page.getByRole('region', { name: /^(More|Other|المزيد)/ });
      const cards = await related
        .locator('h3 a')
        .evaluateAll((links) =>
          links.map((link) => ({ title: link.textContent, path: new URL(link.href).pathname })),
        );
      assert.equal(cards.length, 3, `${path}: ${JSON.stringify(cards)}`);
      for (const card of cards) {
        assert.ok(card.path.startsWith(`${list}/`) && card.path !== path, `${path}: ${card.path}`);
        const res = await fetch(site.server.baseUrl + card.path);
        assert.equal(res.status, 200, card.path);
      }
      // The card opens the page it names.
      await related.getByRole('link', { name: cards[0].title }).click();
      await tab.page.waitForURL(`**${cards[0].path}`);
      assert.equal(await tab.page.getByRole('heading', { level: 1 }).innerText(), cards[0].title);
    }
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('inner pages use the width from 1280 px: text at a readable measure between the contents and a consultant card that stay in view', async () => {
  const story = await firstItemPath(site.server.baseUrl, '/resources/news');
  const paths = [
    '/services/cybersecurity-services/penetration-testing',
    '/ar/compliance/iso-standards/iso-27001',
    story,
  ];
  for (const width of [375, 1024, 1280, 1536]) {
    const tab = await openPage(site.browser, { width, height: 900 });
    try {
      for (const path of paths) {
        await tab.page.goto(site.server.baseUrl + path);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        // Scrolled down to where the text ends at the bottom of the window: the reader has
        // read on, and what stands beside the text must have come along.
        const layout = await tab.page.evaluate(() => {
          const text = document.querySelector('main p.measure');
          const body = text.closest('.page-shell');
          const column = body.firstElementChild.getBoundingClientRect();
          window.scrollTo(0, Math.max(0, column.bottom + scrollY - innerHeight));
          const box = (el) => {
            if (!el || !el.checkVisibility()) return null;
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          };
          const style = getComputedStyle(body);
          return {
            rtl: document.dir === 'rtl',
            body: {
              left: body.getBoundingClientRect().left + parseFloat(style.paddingLeft),
              right: body.getBoundingClientRect().right - parseFloat(style.paddingRight),
            },
            text: box(text),
            side: box(body.querySelector(':scope > aside')?.firstElementChild),
            card: box(
              body.querySelector('section[aria-labelledby] > a[href*="/forms"]')?.parentElement,
            ),
            overflow: document.documentElement.scrollWidth - innerWidth,
          };
        });
        const where = `${width} px ${path}`;
        assert.ok(layout.overflow <= 0, `${where}: scrolls sideways by ${layout.overflow} px`);
        const measure = layout.text.right - layout.text.left;
        assert.ok(measure <= 720, `${where}: lines ${measure} px wide`);
        if (width < 1024) {
          assert.deepEqual(
            [layout.side, layout.card],
            [null, null],
            `${where}: side parts on a phone`,
          );
          continue;
        }
        // The contents (or the sharing links) stay in view beside the text.
        assert.ok(
          layout.side && layout.side.top >= 0 && layout.side.bottom <= 900,
          `${where}: side ${JSON.stringify(layout.side)}`,
        );
        if (width < 1280) {
          assert.equal(layout.card, null, `${where}: a card squeezed in at 1024 px`);
          continue;
        }
        assert.ok(measure >= 560, `${where}: text ${measure} px wide`);
        assert.ok(
          layout.card && layout.card.top >= 0 && layout.card.bottom <= 900,
          `${where}: card ${JSON.stringify(layout.card)}`,
        );
        // Start side: the contents; end side: the card; the text between, nothing wide left empty.
        const [start, end] = layout.rtl ? [layout.card, layout.side] : [layout.side, layout.card];
        assert.ok(
          start.left - layout.body.left < 2 && layout.body.right - end.right < 2,
          `${where}: ${JSON.stringify(layout)}`,
        );
        const gaps = [layout.text.left - start.right, end.left - layout.text.right];
        for (const gap of gaps) assert.ok(gap > 0 && gap <= 64, `${where}: gaps ${gaps}`);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
});

test('an office page shows the other two offices as cards of equal width, from 375 to 1536 px', async () => {
  const unequal = [];
  for (const width of [375, 768, 1024, 1280, 1536]) {
    const tab = await openPage(site.browser, { width, height: 900 });
    try {
      for (const path of ['/contact-us/london', '/contact-us/dubai', '/ar/contact-us/cairo']) {
        await tab.page.goto(site.server.baseUrl + path);
        const widths = await tab.page
          .getByRole('region', { name: /Our other offices|مكاتبنا الأخرى/ })
          .getByRole('listitem')
          .evaluateAll((items) =>
            items.map((item) => Math.round(item.getBoundingClientRect().width)),
          );
        assert.equal(widths.length, 2, `${path}: the other offices`);
        if (Math.abs(widths[0] - widths[1]) > 1) unequal.push(`${width} px ${path}: ${widths}`);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  }
  assert.deepEqual(unequal, []);
});
