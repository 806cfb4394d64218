// What a browser test does as a visitor of the development server: wait for hydration, solve the
// captcha (in the page, or through the API for set-up), read the e-mail the site sent from the
// outbox at /dev/mail, and make a confirmed account.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { until } from './harness.mjs';

let counter = 0;

/** Helpers bound to the site that `useSiteAndBrowser({ development: true })` started. */
export function visitorHelpers(site) {
  const base = () => site.server.baseUrl;

  /** A fresh address per test, so tests never share an account or a rate-limit bucket. */
  const newEmail = (name) => `${name}.${Date.now()}.${++counter}@example.com`;

  /** The messages of the development outbox addressed to `email`, newest first. */
  async function mailTo(email) {
    const html = await (await fetch(`${base()}/dev/mail`)).text();
    return html
      .split('<article>')
      .slice(1)
      .filter((entry) => entry.includes(`&lt;${email}&gt;`) || entry.includes(`To ${email} `))
      .map((entry) => ({
        html: entry,
        links: [...entry.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1].replaceAll('&amp;', '&')),
        text: /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(entry)?.[1] ?? '',
      }));
  }

  /** Waits for a message to `email` whose links or text match `pattern`; returns the match. */
  async function waitForMail(email, pattern) {
    return until(async () => {
      for (const message of await mailTo(email)) {
        const link = message.links.find((href) => pattern.test(href));
        if (link) return link;
        const inText = pattern.exec(message.text);
        if (inText) return inText[1] ?? inText[0];
      }
      return undefined;
    });
  }

  /** Solves an ALTCHA challenge of the server as the widget would, for set-up through the API. */
  async function solvedCaptcha() {
    const { data } = await (await fetch(`${base()}/api/captcha/challenge`)).json();
    const c = data.challenge;
    for (let number = 0; number <= c.maxnumber; number++) {
      if (
        createHash('sha256')
          .update(c.salt + number)
          .digest('hex') === c.challenge
      ) {
        const payload = {
          algorithm: c.algorithm,
          challenge: c.challenge,
          number,
          salt: c.salt,
          signature: c.signature,
        };
        return Buffer.from(JSON.stringify(payload)).toString('base64');
      }
    }
    throw new Error('challenge not solvable');
  }

  /** A confirmed account made through the API, for journeys that do not test registration. */
  async function confirmedAccount(firstName, lastName, password) {
    const email = newEmail(firstName.toLowerCase().replace(/[^a-z]/g, ''));
    const res = await fetch(`${base()}/api/Website/Register?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName,
        lastName,
        email,
        phoneNumber: '',
        password,
        confirmPassword: password,
        captcha: await solvedCaptcha(),
      }),
    });
    assert.equal(res.status, 200, await res.text());
    const link = await waitForMail(email, /\/auth\/confirm-email\/[\w-]+/);
    const token = link.split('/confirm-email/')[1];
    const confirmed = await fetch(`${base()}/api/ApplicationUser/ConfirmEmail/${token}?lang=en`, {
      method: 'POST',
    });
    assert.equal(confirmed.status, 200);
    return email;
  }

  /** Logs in through the login page, as a visitor does, and waits to be sent on. */
  async function logIn(page, email, password) {
    await page.goto(`${base()}/auth/login`);
    await hydrated(page);
    await page.locator('main input[autocomplete="email"]').fill(email);
    await page.locator('main input[autocomplete="current-password"]').fill(password);
    await page.locator('main form').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  }

  return {
    logIn,
    newEmail,
    mailTo,
    waitForMail,
    solvedCaptcha,
    confirmedAccount,
    hydrated,
    captchaReady,
    solveCaptcha,
  };
}

/** Waits until the page has hydrated. */
export const hydrated = (page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/**
 * Waits until the page has hydrated, then comes to its request forms (/forms), whose code waits
 * for the visitor, as the pointer of a visitor does, and waits until they have hydrated too.
 */
export async function formsReached(page) {
  await hydrated(page);
  const island = page.locator('[data-island="enquiry-forms"]');
  await island.dispatchEvent('pointerover');
  await page
    .locator('[data-island="enquiry-forms"][data-island-state="hydrated"]')
    .waitFor({ state: 'attached' });
}

/**
 * Scrolls the captcha into view, as a visitor on their way to the form does (its widget loads only
 * when the visitor comes near it or into its form), and waits until the widget's code has loaded
 * and it is configured.
 */
export async function captchaReady(page, scope = page) {
  await scope.locator('.captcha').first().scrollIntoViewIfNeeded();
  await scope.locator('[data-ready="true"] altcha-widget .altcha').first().waitFor();
}

/**
 * Solves the captcha of a form by focusing one of its fields (the widget solves on focus).
 * `form` narrows it to one form when the page has several.
 */
export async function solveCaptcha(page, form = page.locator('main form').first()) {
  await captchaReady(page, form);
  await form.locator('input').first().focus();
  await form.locator('altcha-widget [data-state="verified"]').waitFor();
}

/**
 * Waits until a form field holds `value`. A signed-in visitor's details come from the stored user
 * data, which the page reads right after hydration, so a prefilled field fills a moment later.
 */
export async function valueArrives(locator, value) {
  const field = await locator.elementHandle();
  await locator.page().waitForFunction(([el, v]) => el.value === v, [field, value]);
}
