// The home page's carousels, clients strip and counters in real Chromium: how many slides each
// carousel shows at each width, pausing, mirroring in Arabic, and numbers that read right before
// and after they count up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { layoutShift, openPage, recordLayoutShift, useSiteAndBrowser } from './harness.mjs';

const site = useSiteAndBrowser();

/** Slides in view per carousel at each width (SPEC §9), keyed by a selector inside the carousel. */
const expected = {
  '.news-slider': { 375: 1, 600: 2, 768: 2, 992: 4, 1200: 4 },
  '.solutions-slider': { 375: 1, 600: 2, 768: 3, 992: 3, 1200: 3 },
  '.testimonials-slider': { 375: 1, 600: 1, 768: 2, 992: 3, 1200: 3 },
  '.partner-slider': { 375: 2, 600: 3, 768: 4, 992: 5, 1200: 5 },
};

/**
 * Opens a page and scrolls down to each carousel in turn, as a visitor does (a carousel's Swiper
 * starts only when the visitor comes near it), until all four have started; then back to the top.
 */
async function openHome(path, width, options = {}) {
  const tab = await openPage(site.browser, { width, height: 900, ...options });
  await tab.page.goto(site.server.baseUrl + path);
  await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  for (const carousel of await tab.page.locator('.carousel').all()) {
    await carousel.scrollIntoViewIfNeeded();
    await carousel.locator('.swiper.swiper-initialized').waitFor({ state: 'attached' });
  }
  await tab.page.waitForFunction(
    () => document.querySelectorAll('.carousel .swiper-initialized').length === 4,
  );
  await tab.page.evaluate(() => window.scrollTo(0, 0));
  return tab;
}

/**
 * The slides of a carousel that are on screen inside its frame: for sliding carousels, those
 * whose box lies within the frame; for a cross-fade, those not faded out.
 */
function slidesInView(selector) {
  const frame = document.querySelector(`${selector} .swiper`);
  const box = frame.getBoundingClientRect();
  return [...frame.querySelectorAll('.swiper-slide')].filter((slide) => {
    const r = slide.getBoundingClientRect();
    if (frame.classList.contains('swiper-fade')) return getComputedStyle(slide).opacity === '1';
    return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
  }).length;
}

for (const width of [375, 600, 768, 992, 1200]) {
  test(`at ${width} px every carousel shows the specified number of slides`, async () => {
    const tab = await openHome('/', width);
    try {
      for (const [selector, counts] of Object.entries(expected)) {
        // Let a transition in progress settle: the count is read between moves.
        await tab.page.evaluate(
          (s) => document.querySelector(`${s} .swiper`).swiper.autoplay.stop(),
          selector,
        );
        await tab.page.waitForFunction(
          (s) => !document.querySelector(`${s} .swiper`).swiper.animating,
          selector,
        );
        await tab.page.waitForTimeout(0);
        const shown = await tab.page.evaluate(slidesInView, selector);
        assert.equal(shown, counts[width], `${selector} at ${width} px`);
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px the partner slider loops and moves by itself, its slides labelled 1 to 5`, async () => {
    const tab = await openHome('/', width);
    try {
      const frame = tab.page.locator('.partner-slider .swiper');
      await frame.scrollIntoViewIfNeeded();
      const state = await frame.evaluate((el) => ({
        loop: el.swiper.params.loop,
        speed: el.swiper.params.speed,
        running: el.swiper.autoplay.running,
        labels: [...new Set([...el.querySelectorAll('.swiper-slide')].map((s) => s.ariaLabel))]
          .sort()
          .join('|'),
      }));
      assert.deepEqual(state, {
        loop: true,
        speed: 1500,
        running: true,
        labels: ['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5'].join('|'),
      });
      // Autoplay turns it on its own, forwards, past the last partner and round again.
      const start = await frame.evaluate((el) => el.swiper.realIndex);
      await tab.page.waitForFunction((from) => {
        const swiper = document.querySelector('.partner-slider .swiper').swiper;
        return swiper.realIndex !== from && !swiper.animating;
      }, start);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
}

test('in the dark theme the partner logos sit on dark tiles, drawn light, not on white', async () => {
  const tab = await openHome('/', 1280, { storage: { theme: 'theme-dark' } });
  try {
    const tiles = await tab.page.locator('.partner-logo').evaluateAll((els) =>
      els.map((el) => {
        const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+/g).map(Number);
        const img = el.querySelector('img');
        return {
          light: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255,
          filter: getComputedStyle(img).filter,
        };
      }),
    );
    assert.equal(tiles.length, 10, 'five partners, twice');
    for (const tile of tiles) {
      assert.ok(tile.light < 0.3, `tile lightness ${tile.light.toFixed(2)}`);
      assert.match(tile.filter, /invert/);
    }
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('Arabic, French and Dutch testimonials are quoted with their own quotation marks', async () => {
  for (const [path, open, close] of [
    ['/ar', '«', '»'],
    ['/fr', '«\u00a0', '\u00a0»'],
    ['/nl', '„', '”'],
    ['/', '“', '”'],
  ]) {
    const html = await (await fetch(site.server.baseUrl + path)).text();
    const quotes = [...html.matchAll(/<blockquote[^>]*><p>([^<]*)<\/p>/g)].map((m) => m[1]);
    assert.equal(quotes.length, 4, `${path}: four testimonials`);
    for (const quote of quotes) {
      assert.ok(quote.startsWith(open) && quote.endsWith(close), `${path}: ${quote.slice(0, 20)}…`);
    }
  }
});

test('the news slider stops under the pointer and moves on again when it leaves', async () => {
  const tab = await openHome('/', 1280);
  try {
    const news = tab.page.locator('.news-slider .swiper');
    await news.scrollIntoViewIfNeeded();
    const state = () =>
      tab.page.evaluate(() => {
        const { autoplay } = document.querySelector('.news-slider .swiper').swiper;
        return { running: autoplay.running, paused: autoplay.paused };
      });
    assert.deepEqual(await state(), { running: true, paused: false });
    await news.hover();
    await tab.page.waitForFunction(
      () => document.querySelector('.news-slider .swiper').swiper.autoplay.paused,
    );
    await tab.page.mouse.move(5, 5);
    await tab.page.waitForFunction(
      () => !document.querySelector('.news-slider .swiper').swiper.autoplay.paused,
    );
    // The pause button stops it for good; focus inside the carousel stops it too.
    await tab.page.getByRole('button', { name: 'Pause automatic sliding' }).first().click();
    await tab.page.waitForFunction(
      () => !document.querySelector('.news-slider .swiper').swiper.autoplay.running,
    );
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('the news slider has arrows that move it and no dots; arrow keys work inside it', async () => {
  const tab = await openHome('/', 1280);
  try {
    // Each move waits for the one before to finish: a looping Swiper ignores moves mid-slide.
    const settledAt = (index) =>
      tab.page.waitForFunction((i) => {
        const swiper = document.querySelector('.news-slider .swiper').swiper;
        return swiper.realIndex === i && !swiper.animating;
      }, index);
    assert.equal(await tab.page.locator('.news-slider .swiper-pagination').count(), 0);
    const region = tab.page.getByRole('region', { name: 'Latest News From Blog' });
    // Pausing first, so autoplay does not move it between the steps.
    await region.getByRole('button', { name: 'Pause automatic sliding' }).click();
    await tab.page.waitForFunction(
      () => !document.querySelector('.news-slider .swiper').swiper.animating,
    );
    const start = await tab.page.evaluate(
      () => document.querySelector('.news-slider .swiper').swiper.realIndex,
    );
    await region.getByRole('button', { name: 'Next slide' }).click();
    await settledAt((start + 1) % 8);
    await tab.page.keyboard.press('ArrowRight');
    await settledAt((start + 2) % 8);
    await region.getByRole('button', { name: 'Previous slide' }).click();
    await settledAt((start + 1) % 8);
    // Every card links to its story.
    const links = await tab.page
      .locator('.news-slider .swiper-slide a')
      .evaluateAll((as) => as.map((a) => new URL(a.href).pathname));
    assert.equal(links.length, 8);
    assert.ok(
      links.every((href) => href.startsWith('/resources/news/')),
      links.join(' '),
    );
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('the clients strip pauses under the pointer and lists its logos once for assistive technology', async () => {
  const tab = await openHome('/', 1280);
  try {
    const lists = tab.page.locator('.clients-list');
    assert.equal(await lists.count(), 2);
    assert.equal(await lists.nth(0).getAttribute('aria-hidden'), null);
    assert.equal(await lists.nth(1).getAttribute('aria-hidden'), 'true');
    const logos = await lists
      .nth(0)
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.map((img) => ({ alt: img.alt, title: img.title, loading: img.loading })),
      );
    assert.ok(logos.length >= 40, `${logos.length} logos`);
    for (const logo of logos) {
      assert.equal(logo.alt, `${logo.title} Logo`);
      assert.equal(logo.loading, 'lazy');
    }
    const playState = () =>
      tab.page
        .locator('.clients-rail')
        .evaluate((rail) => getComputedStyle(rail).animationPlayState);
    const strip = tab.page.locator('.clients-strip');
    await strip.scrollIntoViewIfNeeded();
    assert.equal(await playState(), 'running');
    await strip.hover();
    assert.equal(await playState(), 'paused');
    await tab.page.mouse.move(5, 5);
    assert.equal(await playState(), 'running');
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('the clients strip runs 40 s a round on desktop and 20 s on a phone, with smaller logos', async () => {
  for (const [width, duration, height] of [
    [1280, '40s', 70],
    [768, '20s', 50],
    [375, '20s', 40],
  ]) {
    const tab = await openHome('/', width);
    try {
      const seen = await tab.page.evaluate(() => ({
        duration: getComputedStyle(document.querySelector('.clients-rail')).animationDuration,
        height: document.querySelector('.clients-logo').getBoundingClientRect().height,
      }));
      assert.deepEqual(seen, { duration, height }, `at ${width} px`);
    } finally {
      await tab.close();
    }
  }
});

test('counters show their final values in the page and count up to them when scrolled to', async () => {
  const html = await (await fetch(site.server.baseUrl + '/')).text();
  const served = [...html.matchAll(/class="counter-value[^"]*">([^<]+)</g)].map((m) => m[1]);
  assert.equal(served.length, 4, 'four counters in the served page');
  assert.ok(
    served.some((v) => /^\d{1,3}(,\d{3})+\+$/.test(v)),
    `a thousands separator: ${served}`,
  );
  const tab = await openHome('/', 1280);
  try {
    await tab.page.locator('.counter-value').first().scrollIntoViewIfNeeded();
    await tab.page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('.counter-value')].map((el) => el.textContent).join('|') ===
        want.join('|'),
      served,
    );
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('in Arabic the carousels run right to left', async () => {
  const tab = await openHome('/ar', 1280);
  try {
    const order = await tab.page.evaluate(() => {
      const frame = document.querySelector('.news-slider .swiper');
      const [first, second] = [...frame.querySelectorAll('.swiper-slide')]
        .sort((a, b) => Number(a.dataset.swiperSlideIndex) - Number(b.dataset.swiperSlideIndex))
        .map((slide) => slide.getBoundingClientRect().left);
      return { rtl: frame.classList.contains('swiper-rtl'), secondIsLeftOfFirst: second < first };
    });
    assert.deepEqual(order, { rtl: true, secondIsLeftOfFirst: true });
    const rail = await tab.page
      .locator('.clients-rail')
      .evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(rail, 'clients-slide-rtl');
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('the hero picture loads first and Swiper loads only on the home page', async () => {
  const tab = await openPage(site.browser, { width: 1280 });
  try {
    const scripts = [];
    tab.page.on('request', (req) => scripts.push(new URL(req.url()).pathname));
    await tab.page.goto(site.server.baseUrl + '/about-us');
    await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.ok(!scripts.some((p) => /swiper/.test(p)), 'no Swiper on the about page');
    await tab.page.goto(site.server.baseUrl + '/');
    await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Swiper comes when the visitor reaches the first carousel.
    await tab.page.locator('.carousel').first().scrollIntoViewIfNeeded();
    await tab.page.locator('.carousel[data-started="true"]').first().waitFor();
    assert.ok(
      scripts.some((p) => /\/assets\/swiper-[\w-]+\.js$/.test(p)),
      'Swiper on the home page',
    );
    const hero = await tab.page
      .locator('img[fetchpriority="high"]')
      .evaluateAll((imgs) =>
        imgs.map((img) => ({ loading: img.loading, width: img.width > 0, height: img.height > 0 })),
      );
    assert.deepEqual(hero, [{ loading: 'auto', width: true, height: true }]);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('a carousel starts only when the visitor comes near it, without moving anything', async () => {
  const tab = await openPage(site.browser, { width: 1280, height: 900 });
  try {
    await recordLayoutShift(tab.context);
    const swiperLoads = [];
    tab.page.on('request', (req) => {
      if (/\/assets\/swiper-[\w-]+\.js$/.test(new URL(req.url()).pathname))
        swiperLoads.push(req.url());
    });
    await tab.page.goto(site.server.baseUrl + '/');
    await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // No carousel is near the first screen: none has started, and Swiper has not been fetched.
    const first = tab.page.locator('.carousel').first();
    const last = tab.page.locator('.partner-slider');
    assert.equal(await tab.page.locator('.carousel[data-started]').count(), 0);
    assert.deepEqual(swiperLoads, []);
    // The first one starts when the visitor scrolls to it; the last, far below it, does not.
    await first.scrollIntoViewIfNeeded();
    await first.locator('.swiper.swiper-initialized').waitFor({ state: 'attached' });
    assert.equal(await last.getAttribute('data-started'), null);
    assert.equal(await last.locator('.swiper-initialized').count(), 0);
    // Its slides already sit where Swiper puts them: five in a row.
    const before = await last
      .locator('.swiper-slide')
      .evaluateAll((slides) => slides.slice(0, 5).map((s) => s.getBoundingClientRect().width));
    await last.scrollIntoViewIfNeeded();
    await last.locator('.swiper.swiper-initialized').waitFor({ state: 'attached' });
    assert.equal(await last.getAttribute('data-started'), 'true');
    assert.equal(swiperLoads.length, 1, 'one Swiper chunk for every carousel');
    const after = await last
      .locator('.swiper-slide')
      .evaluateAll((slides) => slides.slice(0, 5).map((s) => s.getBoundingClientRect().width));
    assert.equal(before.length, 5);
    for (const [i, width] of before.entries())
      assert.ok(Math.abs(width - after[i]) < 1, `slide ${i}: ${width} then ${after[i]}`);
    const shift = await layoutShift(tab.page);
    assert.ok(shift < 0.001, `layout shift ${shift}`);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('without scripts the home page still shows its news, solutions and numbers', async () => {
  const tab = await openPage(site.browser, { width: 1280, javaScriptEnabled: false });
  try {
    await tab.page.goto(site.server.baseUrl + '/');
    assert.equal(await tab.page.locator('.news-slider .swiper-slide').count(), 8);
    const firstCard = await tab.page
      .locator('.news-slider .swiper-slide')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    // Laid out as four in a row before Swiper runs.
    assert.ok(firstCard > 250 && firstCard < 330, `card width ${firstCard}`);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('a news card of the slider shows at most three lines of its summary, whatever its title', async () => {
  const overflowing = [];
  for (const width of [375, 1280]) {
    for (const path of ['/', '/fr', '/ar']) {
      const tab = await openHome(path, width);
      try {
        const lines = await tab.page.locator('.news-slider article').evaluateAll((cards) =>
          cards.map((card) => {
            const summary = [...card.querySelectorAll('p')].at(-1);
            const lineHeight = parseFloat(getComputedStyle(summary).lineHeight);
            return {
              title: card.querySelector('h3').textContent,
              lines: summary.getBoundingClientRect().height / lineHeight,
            };
          }),
        );
        assert.ok(lines.length > 0, `${path}: no news cards`);
        for (const { title, lines: shown } of lines) {
          if (shown > 3.05)
            overflowing.push(`${width} px ${path} "${title}": ${shown.toFixed(2)} lines`);
        }
        tab.assertClean();
      } finally {
        await tab.close();
      }
    }
  }
  assert.deepEqual(overflowing, []);
});
