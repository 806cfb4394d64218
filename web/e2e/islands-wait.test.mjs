// The parts of a page whose code waits, in real Chromium on a phone's screen: the request forms
// keep what was typed into them before their code arrived; the home page's carousels, whose code
// comes only as the visitor scrolls to them, then slide with their arrows and a swipe; and the
// counters count up when scrolled to.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, useSiteAndBrowser } from './harness.mjs';
import { hydrated } from './visitor.mjs';

const site = useSiteAndBrowser();

/** The chunks of island code the page has asked for, by island name, as they are asked for. */
function islandLoads(page, names) {
  const asked = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop();
    const name = names.find((n) => file.startsWith(`${n}-`) && file.endsWith('.js'));
    if (name) asked.push(name);
  });
  return asked;
}

test('a request typed into before its code arrived keeps every word, tick and choice', async () => {
  const tab = await openPage(site.browser, { width: 375, height: 800 });
  const { page } = tab;
  try {
    const asked = islandLoads(page, ['enquiry-forms']);
    // The forms' code is held back until the visitor has filled in part of the proposal.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/assets\/enquiry-forms-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.server.baseUrl}/forms`);
    await hydrated(page);
    const island = page.locator('[data-island="enquiry-forms"]');
    assert.equal(await island.getAttribute('data-island-state'), 'waiting');
    assert.deepEqual(asked, [], 'no form code while the visitor has not come to the forms');

    const form = page.locator('#proposal form');
    await form.getByLabel('Full name').fill('Nadia Farouk');
    await form.getByLabel('Company size').selectOption('250-999');
    await form.getByRole('checkbox', { name: 'Penetration Testing' }).check();
    await form.getByLabel('About the work').fill('An external test before our spring audit.');
    assert.deepEqual(asked, ['enquiry-forms'], 'the code was asked for as the visitor came');
    assert.equal(await island.getAttribute('data-island-state'), 'waiting');

    release();
    await page.locator('[data-island="enquiry-forms"][data-island-state="hydrated"]').waitFor({
      state: 'attached',
    });
    // The tabs have taken over, on the form the visitor was in, and nothing typed was lost.
    assert.equal(
      await page.getByRole('tab', { name: 'Request a proposal' }).getAttribute('aria-selected'),
      'true',
    );
    assert.equal(await form.getByLabel('Full name').inputValue(), 'Nadia Farouk');
    assert.equal(await form.getByLabel('Company size').inputValue(), '250-999');
    assert.equal(
      await form.getByLabel('About the work').inputValue(),
      'An external test before our spring audit.',
    );
    assert.equal(
      await form.getByRole('checkbox', { name: 'Penetration Testing' }).isChecked(),
      true,
    );
    // The form counts what it holds: the service ticked early is one of its choices.
    assert.equal(await form.getByText(/^Services chosen: \d+$/).innerText(), 'Services chosen: 1');

    // Sent as it is, the form faults only what is still missing, not what was typed early.
    await form.getByRole('button', { name: 'Request a proposal' }).click();
    await form.locator('[aria-invalid="true"]').first().waitFor();
    assert.equal(await form.getByLabel('Full name').getAttribute('aria-invalid'), null);
    assert.equal(await form.getByLabel('About the work').getAttribute('aria-invalid'), null);
    assert.equal(await form.getByLabel('E-mail address').getAttribute('aria-invalid'), 'true');
    assert.equal(await form.getByLabel('Full name').inputValue(), 'Nadia Farouk');
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('a carousel’s code comes as the visitor scrolls to it; then its arrows and a swipe move it', async () => {
  const tab = await openPage(site.browser, { width: 375, height: 800 });
  const { page } = tab;
  try {
    const sliders = ['news-slider', 'solutions-slider', 'testimonials', 'partner-slider'];
    const asked = islandLoads(page, sliders);
    await page.goto(`${site.server.baseUrl}/`);
    await hydrated(page);
    const island = page.locator('[data-island="news-slider"]');
    assert.equal(await island.getAttribute('data-island-state'), 'waiting');
    assert.deepEqual(asked, [], 'no carousel code on the first screen');

    const news = page.locator('.news-slider');
    await news.scrollIntoViewIfNeeded();
    await news.locator('.swiper.swiper-initialized').waitFor({ state: 'attached' });
    assert.ok(asked.includes('news-slider'), `asked for: ${asked}`);
    assert.ok(!asked.includes('partner-slider'), 'not the carousels further down');

    const region = page.getByRole('region', { name: 'Latest News From Blog' });
    await region.getByRole('button', { name: 'Pause automatic sliding' }).click();
    const swiper = () =>
      page.evaluate(() => {
        const { realIndex, animating } = document.querySelector('.news-slider .swiper').swiper;
        return { realIndex, animating };
      });
    const settledAt = (index) =>
      page.waitForFunction((i) => {
        const s = document.querySelector('.news-slider .swiper').swiper;
        return s.realIndex === i && !s.animating;
      }, index);
    await page.waitForFunction(
      () => !document.querySelector('.news-slider .swiper').swiper.animating,
    );
    const start = (await swiper()).realIndex;
    await region.getByRole('button', { name: 'Next slide' }).click();
    await settledAt((start + 1) % 8);

    // A swipe from the inline end to the start brings the next card.
    const box = await news.locator('.swiper').boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
    await page.mouse.up();
    await settledAt((start + 2) % 8);
    tab.assertClean();
  } finally {
    await tab.close();
  }
});

test('the counters, below a phone’s first screen, count up when the visitor scrolls to them', async () => {
  const tab = await openPage(site.browser, { width: 375, height: 400 });
  const { page } = tab;
  try {
    await page.goto(`${site.server.baseUrl}/`);
    await hydrated(page);
    const shown = () => page.$$eval('.counter-value', (values) => values.map((v) => v.textContent));
    const served = await shown();
    await page.locator('.counter-value').first().scrollIntoViewIfNeeded();
    // Counting: the first number passes below its final value, then settles on it.
    await page.waitForFunction(
      (final) => document.querySelector('.counter-value').textContent !== final,
      served[0],
    );
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('.counter-value')].map((v) => v.textContent).join('|') ===
        want.join('|'),
      served,
    );
    tab.assertClean();
  } finally {
    await tab.close();
  }
});
