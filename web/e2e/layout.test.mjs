// How pages are laid out across widths: lists in grid columns leave no empty cell, and card
// titles are shown whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstItemPath, openPage, useSiteAndBrowser } from './harness.mjs';

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
