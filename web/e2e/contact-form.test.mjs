// The office contact forms in a real browser against the development server: a message reaches
// the office's inbox and the visitor gets a confirmation; mistakes are named on their fields, in
// the page's language; a signed-in visitor finds their details filled in.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage, useSiteAndBrowser } from './harness.mjs';
import { captchaReady, hydrated, solveCaptcha, valueArrives, visitorHelpers } from './visitor.mjs';

const site = useSiteAndBrowser({ development: true });
const { newEmail, mailTo, waitForMail, confirmedAccount, logIn } = visitorHelpers(site);

const ARABIC = /[\u0600-\u06FF]/;

describe('office contact forms', () => {
  test('a message to Dubai: errors first, then sent, then in the office inbox and confirmed', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/forms/contact/')) posts++;
      });
      await page.goto(`${site.server.baseUrl}/contact-us/dubai`);
      await hydrated(page);
      const panel = page.locator('#write-to-us');
      const form = panel.locator('form');
      assert.match(await panel.getByRole('heading', { level: 2 }).innerText(), /Dubai/);

      // Sending nothing: every required field says what is wrong, and the first takes focus. The
      // check's challenge is held until these are read: the focus starts the check, which would
      // otherwise solve itself, and take its error away, while they are being read.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      const challenge = '**/api/captcha/challenge*';
      await page.route(challenge, async (route) => {
        await held;
        await route.continue();
      });
      await form.getByRole('button', { name: 'Send message' }).click();
      const name = form.getByLabel('Full name');
      await assert.doesNotReject(() =>
        page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'name'),
      );
      assert.equal(await name.getAttribute('aria-invalid'), 'true');
      const describedBy = await name.getAttribute('aria-describedby');
      assert.equal(
        await page.locator(`[id="${describedBy.split(' ')[0]}"]`).innerText(),
        'This field is required.',
      );
      assert.match(await form.locator('[role="status"]').first().innerText(), /correct/);
      assert.match(await form.innerText(), /Please tick the box to agree to the privacy policy/);
      assert.match(await form.innerText(), /Please complete the security check/);
      assert.equal(posts, 0, 'nothing is sent while fields are at fault');
      // From here on the route lets every challenge through at once.
      release();

      // A wrong address is named as the visitor leaves the field.
      const email = newEmail('salma');
      await form.getByLabel('E-mail address').fill('salma@');
      await form.getByLabel('Your message').focus();
      assert.match(await form.innerText(), /Enter an e-mail address such as name@example\.com/);

      await name.fill('Salma Haddad');
      await form.getByLabel('E-mail address').fill(email);
      await form.getByLabel('Phone number (optional)').fill('+971 4 555 0134');
      await form.getByLabel('Company (optional)').fill('Gulf Payments');
      await form
        .getByLabel('Your message')
        .fill('We would like a PCI DSS gap assessment\nbefore our QSA visit in March.');
      // The consent box links to the privacy policy, opening in a new tab.
      const policy = form.getByRole('link', { name: /Privacy Policy/ });
      assert.equal(await policy.getAttribute('href'), '/policy');
      assert.equal(await policy.getAttribute('target'), '_blank');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await solveCaptcha(page, form);
      // A visitor who clicks the box the check ticked by itself, as people do, leaves it ticked.
      await form.locator('altcha-widget label').first().click();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      assert.equal(await form.locator('altcha-widget input[type="checkbox"]').isChecked(), true);
      assert.equal(await form.locator('altcha-widget [data-state="verified"]').count(), 1);
      await form.getByRole('button', { name: 'Send message' }).click();

      const done = panel.getByRole('status').filter({ hasText: 'Thank you' });
      await done.waitFor();
      assert.match(await done.innerText(), /passed on to the office, which will reply within one/);
      // Thanked once, not in the heading and again in the message below it.
      assert.equal(
        (await done.innerText()).match(/thank you/gi)?.length,
        1,
        await done.innerText(),
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('role')),
        'status',
        'the success message takes focus',
      );
      assert.equal(posts, 1);

      // The office's inbox has the message with the visitor as Reply-To, and the visitor a confirmation.
      await waitForMail(email, /Dubai/);
      const office = await mailTo('dubai@noorvale.example');
      const notification = office.find((message) => message.html.includes(email));
      assert.ok(notification, 'the Dubai office was told');
      assert.match(notification.html, /PCI DSS gap assessment/);
      assert.match(notification.html, /Gulf Payments/);

      // "Send another message" brings back an empty form.
      await panel.getByRole('button', { name: 'Send another message' }).click();
      assert.equal(await panel.getByLabel('Your message').inputValue(), '');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('in Arabic on a phone, in the dark theme: the form fits, speaks Arabic, and its captcha stays light', async () => {
    const tab = await openPage(site.browser, {
      width: 375,
      height: 800,
      storage: { theme: 'theme-dark' },
    });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/ar/contact-us/cairo`);
      await hydrated(page);
      const form = page.locator('#write-to-us form');
      // The captcha keeps its light theme on the dark page: a white box with a white checkbox.
      // Measured before any field takes focus, which would start solving it and tick the box.
      assert.ok(
        await page.evaluate(() => document.documentElement.classList.contains('theme-dark')),
      );
      await captchaReady(page, form);
      const lightness = await form.evaluate((element) => {
        const channels = (selector) => {
          const colour = getComputedStyle(element.querySelector(selector)).backgroundColor;
          const probe = document.createElement('canvas').getContext('2d');
          probe.fillStyle = colour;
          probe.fillRect(0, 0, 1, 1);
          return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        };
        return {
          box: channels('altcha-widget .altcha-main'),
          checkbox: channels('altcha-widget .altcha-checkbox input'),
        };
      });
      for (const [part, rgb] of Object.entries(lightness)) {
        assert.ok(Math.min(...rgb) > 230, `the captcha's ${part} is light: rgb ${rgb}`);
      }
      await form.locator('input[name="email"]').fill('not-an-address');
      await form.locator('input[name="name"]').focus();
      const error = form.locator('input[name="email"] ~ p, input[name="email"] + p');
      const describedBy = await form
        .locator('input[name="email"]')
        .getAttribute('aria-describedby');
      const text = await page.locator(`[id="${describedBy}"]`).innerText();
      assert.match(text, ARABIC);
      assert.equal(await error.count(), 0, 'the error sits under the field, outside its frame');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'no horizontal scrolling at 375 px');
      assert.equal(await form.locator('input[name="email"]').getAttribute('dir'), 'ltr');

      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a signed-in visitor finds their name and e-mail filled in', async () => {
    const password = 'copper kettle winter lane';
    const email = await confirmedAccount('Karim', 'Nassar', password);
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await logIn(page, email, password);

      await page.goto(`${site.server.baseUrl}/contact-us/london`);
      await hydrated(page);
      const form = page.locator('#write-to-us form');
      await valueArrives(form.getByLabel('Full name'), 'Karim Nassar');
      assert.equal(await form.getByLabel('Full name').inputValue(), 'Karim Nassar');
      assert.equal(await form.getByLabel('E-mail address').inputValue(), email);
      assert.equal(await form.getByLabel('Your message').inputValue(), '');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});
