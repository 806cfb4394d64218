// Visitor accounts in a real browser against a real server in development mode, whose outbox
// (/dev/mail) holds the e-mail the site sends: registration, confirmation, login, the profile
// menu, the account page, password recovery, the captcha and the Arabic login page.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import { openPage, useSiteAndBrowser } from './harness.mjs';
import { visitorHelpers } from './visitor.mjs';

const site = useSiteAndBrowser({ development: true });

const ARABIC = /[\u0600-\u06FF]/;

const {
  hydrated,
  newEmail,
  waitForMail,
  confirmedAccount,
  captchaReady,
  solveCaptcha,
  solvedCaptcha,
  logIn,
} = visitorHelpers(site);

/** Initials and colour index as the specification defines them. */
function expectedAvatar(fullName) {
  const words = fullName.trim().split(/\s+/);
  const initials = (words[0][0] + (words.length > 1 ? words.at(-1)[0] : '')).toUpperCase();
  let sum = 0;
  for (let i = 0; i < fullName.trim().length; i++) sum += fullName.trim().charCodeAt(i);
  return { initials, colour: sum % 5 };
}

async function fillLogin(page, email, password) {
  await page.locator('main input[autocomplete="email"]').fill(email);
  await page.locator('main input[autocomplete="current-password"]').fill(password);
}

describe('visitor accounts', () => {
  test('register, confirm from the outbox, log in, edit the profile and picture, reload, log out', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    const email = newEmail('layla');
    const password = 'quiet harbour lantern 7';
    try {
      // Register in the browser, captcha included.
      await page.goto(`${site.server.baseUrl}/auth/register`);
      await hydrated(page);
      await page.getByLabel('First name').fill('Layla');
      await page.getByLabel('Last name').fill('Mansour');
      await page.getByLabel(/e-mail address/i).fill(email);
      await page.getByLabel(/phone number/i).fill('+971 4 123 4567');
      await page.getByLabel(/^password/i).fill(password);
      await page.getByLabel(/confirm password/i).fill(password);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

      // Confirm with the link from the outbox: opening it confirms nothing until the button.
      const link = await waitForMail(email, /\/auth\/confirm-email\/[\w-]+/);
      await page.goto(link);
      await hydrated(page);
      await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
      await page.getByText('Your e-mail address is confirmed.').waitFor();
      await Promise.all([
        page.waitForURL(/\/auth\/login$/),
        page.getByRole('link', { name: 'Log in', exact: true }).last().click(),
      ]);
      await hydrated(page);

      // Log in. The page that logs in records, before it navigates away, what its own header and
      // toast showed: the header changes in place, without a reload.
      await page.evaluate(() => {
        const observer = new MutationObserver(() => {
          const menu = document.querySelector('header button[aria-label^="Account menu of"]');
          const toast = document.querySelector('[role="status"][aria-label="Notifications"]');
          if (!menu || !toast?.textContent) return;
          observer.disconnect();
          sessionStorage.setItem(
            'seenBeforeNavigation',
            JSON.stringify({
              menu: menu.getAttribute('aria-label'),
              toast: toast.textContent,
              stored: localStorage.getItem('userData') !== null,
              loginLinks: [...document.querySelectorAll('header a')].filter(
                (a) => a.textContent === 'Log in',
              ).length,
            }),
          );
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await fillLogin(page, email, password);
      await Promise.all([
        page.waitForURL(/\/account$/),
        page.getByRole('button', { name: 'Log in', exact: true }).click(),
      ]);
      const seen = JSON.parse(
        await page.evaluate(() => sessionStorage.getItem('seenBeforeNavigation') ?? 'null'),
      );
      assert.ok(seen, 'the login page changed its header before it navigated');
      assert.equal(seen.menu, 'Account menu of Layla Mansour');
      assert.match(seen.toast, /Welcome back, Layla/);
      assert.equal(seen.stored, true);
      assert.equal(seen.loginLinks, 0);
      await hydrated(page);
      // The toast carries over to the page the login went to.
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Welcome back, Layla/)
        .waitFor();

      // The profile menu: initials and colour from the name.
      const { initials, colour } = expectedAvatar('Layla Mansour');
      const avatar = page.locator('header [data-avatar-colour]').first();
      assert.equal(await avatar.getAttribute('data-initials'), initials);
      assert.equal(await avatar.getAttribute('data-avatar-colour'), String(colour));

      // Edit the profile: the header follows without a reload, and the greeting still on screen
      // (held there by the pointer resting on it) does not go on naming the visitor as before.
      const greeting = page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Welcome back/);
      await greeting.hover();
      await page.getByLabel('First name').fill('Leila');
      await page.getByRole('button', { name: 'Save changes' }).press('Enter');
      await page.getByText('Your profile has been saved.').waitFor();
      assert.equal(
        await greeting.count(),
        0,
        'the greeting names the visitor as before the change',
      );
      await page.getByRole('button', { name: 'Account menu of Leila Mansour' }).first().waitFor();

      // Upload a picture: the header shows it.
      const png = await sharp({
        create: { width: 96, height: 96, channels: 3, background: '#0a6663' },
      })
        .png()
        .toBuffer();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: png,
      });
      await page.locator('header img[src*="/api/account/avatar/"]').first().waitFor();

      // A 12-megapixel phone photo, far over the 2 MB the server takes: the browser scales it to
      // fit 1024 × 1024 and sends a JPEG, which the header then shows.
      const photo = await sharp({
        create: {
          width: 4032,
          height: 3024,
          channels: 3,
          background: '#7a5c3e',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 92 })
        .toBuffer();
      assert.ok(photo.length > 2 * 1024 * 1024, `the photo takes ${photo.length} bytes`);
      const headerPicture = 'header img[src*="/api/account/avatar/"]';
      const before = await page.locator(headerPicture).first().getAttribute('src');
      // What the page hands to the upload: the picture part of its form.
      await page.evaluate(() => {
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          const file = body instanceof FormData ? body.get('file') : null;
          if (file instanceof Blob) {
            window.sentPicture = createImageBitmap(file).then((bitmap) => ({
              width: bitmap.width,
              height: bitmap.height,
              type: file.type,
              size: file.size,
            }));
          }
          return send.call(this, body);
        };
      });
      await page.locator('input[type="file"]').setInputFiles({
        name: 'IMG_2041.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      await page.waitForFunction(() => window.sentPicture !== undefined);
      const sent = await page.evaluate(() => window.sentPicture);
      assert.deepEqual(
        { width: sent.width, height: sent.height, type: sent.type },
        { width: 1024, height: 768, type: 'image/jpeg' },
      );
      assert.ok(sent.size < 2 * 1024 * 1024, `sent ${sent.size} bytes`);
      await page.waitForFunction(
        ([selector, old]) => document.querySelector(selector)?.getAttribute('src') !== old,
        [headerPicture, before],
      );

      // Reload: the page is the one everyone gets; the stored entry shows the signed-in header, with
      // the name and picture the account call confirms.
      await page.reload();
      await hydrated(page);
      await page.getByRole('button', { name: 'Account menu of Leila Mansour' }).first().waitFor();
      await page.locator('header img[src*="/api/account/avatar/"]').first().waitFor();
      assert.equal(await page.getByRole('link', { name: 'Log in', exact: true }).count(), 0);

      // Log out: all local storage cleared and the page reloaded (signed out now: to login).
      await page.evaluate(() => localStorage.setItem('theme', 'theme-dark'));
      await page.getByRole('button', { name: 'Account menu of Leila Mansour' }).first().click();
      await Promise.all([
        page.waitForURL(/\/auth\/login\?returnUrl=%2Faccount$/),
        page.getByRole('menuitem', { name: 'Log out' }).click(),
      ]);
      await hydrated(page);
      assert.equal(await page.evaluate(() => localStorage.length), 0);
      // Signed out, on the login page: its form is the way in (its header offers no login link).
      assert.ok(await page.getByRole('button', { name: 'Log in', exact: true }).isVisible());
      assert.equal(await page.getByRole('button', { name: /^Account menu of/ }).count(), 0);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('an address registered twice: its link asks for the password before it confirms', async () => {
    const email = newEmail('twice');
    for (const password of ['first chosen secret 1', 'second chosen secret 2']) {
      const res = await fetch(`${site.server.baseUrl}/api/Website/Register?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Samir',
          lastName: 'Nasser',
          email,
          password,
          confirmPassword: password,
          captcha: await solvedCaptcha(),
        }),
      });
      assert.equal(res.status, 200, await res.text());
    }
    const { page } = await openPage(site.browser, { allowApiStatuses: [400] });
    await page.goto(await waitForMail(email, /\/auth\/confirm-email\/[\w-]+/));
    await hydrated(page);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await page.getByText('registered more than once').waitFor();
    const chosen = 'harbour lantern violet 7';
    await page.getByLabel(/^new password/i).fill(chosen);
    await page.getByLabel(/confirm password/i).fill(chosen);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    const login = await fetch(`${site.server.baseUrl}/api/Website/Login?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: chosen }),
    });
    assert.equal(login.status, 200, await login.text());
  });

  test('forgot password, the code from the outbox, verify, reset: old sessions end, the new password works', async () => {
    const oldPassword = 'first garden window 12';
    const newPassword = 'second meadow compass 34';
    const email = await confirmedAccount('Omar', 'Khalil', oldPassword);
    // Its stored entry meets a 401 from the account call once the session has ended.
    const before = await openPage(site.browser, { allowApiStatuses: [401] });
    const tab = await openPage(site.browser, { width: 375, height: 800 });
    const { page } = tab;
    try {
      // A session from before the reset.
      await before.page.goto(`${site.server.baseUrl}/auth/login`);
      await hydrated(before.page);
      await fillLogin(before.page, email, oldPassword);
      await Promise.all([
        before.page.waitForURL(/\/account$/),
        before.page.getByRole('button', { name: 'Log in', exact: true }).click(),
      ]);

      // The two legacy calls go out as form data (SPEC §7: "form data: email"; "email, code").
      const sent = {};
      page.on('request', (request) => {
        const call = /\/api\/ApplicationUser\/(ForgetPassword|VerifyCode)\b/.exec(request.url());
        if (!call) return;
        const type = request.headers()['content-type'] ?? '';
        const boundary = /boundary=(.+)$/.exec(type)?.[1];
        const fields = boundary
          ? [...(request.postData() ?? '').matchAll(/name="([^"]+)"/g)].map((m) => m[1])
          : [];
        sent[call[1]] = { type: type.split(';')[0], fields };
      });

      await page.goto(`${site.server.baseUrl}/auth/forgot-password`);
      await hydrated(page);
      await page.getByLabel(/e-mail address/i).fill(email);
      await solveCaptcha(page);
      await Promise.all([
        page.waitForURL(/\/auth\/verify-code\?email=/),
        page.getByRole('button', { name: 'Send the code' }).click(),
      ]);
      await hydrated(page);
      assert.equal(await page.getByLabel(/e-mail address/i).inputValue(), email);
      const code = await waitForMail(email, /\b(\d{6})\b/);
      await page.getByLabel('6-digit code').fill(code);
      await Promise.all([
        page.waitForURL(/\/auth\/reset-password$/),
        page.getByRole('button', { name: 'Verify the code' }).click(),
      ]);
      await hydrated(page);
      assert.deepEqual(sent, {
        ForgetPassword: { type: 'multipart/form-data', fields: ['email', 'captcha'] },
        VerifyCode: { type: 'multipart/form-data', fields: ['email', 'code'] },
      });
      assert.doesNotMatch(page.url(), /token|code/, 'the token never goes into the address');
      await page.getByLabel('New password').fill(newPassword);
      await page.getByLabel('Confirm password').fill(newPassword);
      await Promise.all([
        page.waitForURL(/\/auth\/login$/),
        page.getByRole('button', { name: 'Save the new password' }).click(),
      ]);
      await hydrated(page);
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/password/i)
        .waitFor();

      // The session from before is gone: its next page is signed out, and so is its header.
      await before.page.reload();
      await hydrated(before.page);
      assert.match(before.page.url(), /\/auth\/login\?returnUrl=/);
      await before.page.waitForFunction(() => localStorage.getItem('userData') === null);
      assert.equal(await before.page.getByRole('button', { name: /^Account menu of/ }).count(), 0);

      await fillLogin(page, email, newPassword);
      await Promise.all([
        page.waitForURL(/\/account$/),
        page.getByRole('button', { name: 'Log in', exact: true }).click(),
      ]);
      tab.assertClean();
      before.assertClean();
    } finally {
      await tab.close();
      await before.close();
    }
  });

  test('a signed-out visit to /account goes to login and comes back after it; a wrong password shows the server message', async () => {
    const password = 'north river ledger 56';
    const email = await confirmedAccount('Nadia', 'Saleh', password);
    const tab = await openPage(site.browser, { allowApiStatuses: [400, 401] });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/account`);
      assert.match(page.url(), /\/auth\/login\?returnUrl=%2Faccount$/);
      await hydrated(page);
      await fillLogin(page, email, 'not the password at all');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByText('The e-mail address or password is incorrect.').waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);

      await page.getByLabel(/^password/i).fill(password);
      await Promise.all([
        page.waitForURL(/\/account$/),
        page.getByRole('button', { name: 'Log in', exact: true }).click(),
      ]);
      await hydrated(page);
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'My Account');

      // Deleting the account: a modal dialog that Escape closes and that asks for the password.
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      assert.equal(await dialog.evaluate((el) => el.matches(':modal')), true);
      assert.equal(
        await dialog.getByLabel(/^password/i).evaluate((el) => el === document.activeElement),
        true,
        'focus starts in the dialog',
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      await dialog.getByLabel(/^password/i).fill('not my password at all');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('The password is incorrect.').waitFor();
      await dialog.getByLabel(/^password/i).fill(password);
      await Promise.all([
        page.waitForURL(`${site.server.baseUrl}/`),
        dialog.getByRole('button', { name: 'Delete my account' }).click(),
      ]);
      await hydrated(page);
      assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/deleted/i)
        .waitFor();
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('the captcha: submitting unsolved says so; an expired solution is dropped; a refused one is reset', async () => {
    const tab = await openPage(site.browser, { allowApiStatuses: [400] });
    const { page } = tab;
    try {
      // Challenges made here, solvable like the server's: one that expires five seconds after
      // it is issued, then one whose signature the server cannot have made.
      let tamper = 'expire';
      await page.route('**/api/captcha/challenge*', async (route) => {
        const expires = Math.floor(Date.now() / 1000) + (tamper === 'expire' ? 5 : 600);
        const salt = `${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 24)}?expires=${expires}&`;
        const challenge = {
          algorithm: 'SHA-256',
          challenge: createHash('sha256').update(`${salt}42`).digest('hex'),
          maxnumber: 1000,
          salt,
          signature: '0'.repeat(64),
        };
        await route.fulfill({ json: { isSuccess: true, data: { provider: 'altcha', challenge } } });
      });
      await page.goto(`${site.server.baseUrl}/auth/forgot-password`);
      await hydrated(page);
      await page.getByLabel(/e-mail address/i).fill(newEmail('sami'));

      let posts = 0;
      page.on('request', (request) => {
        if (request.url().includes('/ForgetPassword')) posts++;
      });

      // Solved, then expired: the value goes back to empty and nothing is said until a submit.
      await captchaReady(page);
      await page.getByLabel(/e-mail address/i).focus();
      await page.waitForSelector('altcha-widget .altcha[data-state="expired"]');
      assert.equal(await page.getByText('Please complete the security check.').count(), 0);
      await page.getByRole('button', { name: 'Send the code' }).click();
      await page.getByText('Please complete the security check.').waitFor();
      assert.equal(posts, 0, 'nothing is sent without a solved captcha');

      // A solution the server refuses: its message, and a fresh check to solve.
      tamper = 'forge';
      await page.locator('altcha-widget label').click();
      await page.waitForSelector('altcha-widget .altcha[data-state="verified"]');
      assert.equal(await page.getByText('Please complete the security check.').count(), 0);
      await page.evaluate(() => {
        window.captchaStates = [];
        document
          .querySelector('altcha-widget')
          .addEventListener('statechange', (event) =>
            window.captchaStates.push(event.detail.state),
          );
      });
      await page.getByRole('button', { name: 'Send the code' }).click();
      await page.getByText('Please complete the security check and try again.').first().waitFor();
      assert.equal(posts, 1);
      // The spent token is thrown away: the widget starts again.
      await page.waitForFunction(() => window.captchaStates.includes('unverified'));
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('the delete-account dialog: 150 ms in, resizable, closes on Escape, keeps its height while dragged', async () => {
    const password = 'copper valley signal 21';
    const email = await confirmedAccount('Karim', 'Fahmy', password);
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await logIn(page, email, password);
      await page.goto(`${site.server.baseUrl}/account`);
      await hydrated(page);
      const open = page.getByRole('button', { name: 'Delete my account…' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const style = await dialog.evaluate((el) => ({
        animation: getComputedStyle(el).animationDuration,
        resize: getComputedStyle(el).resize,
      }));
      assert.deepEqual(style, { animation: '0.15s', resize: 'both' });
      assert.equal(await page.evaluate(() => document.activeElement?.type), 'password');

      // Drag it by its title bar, reading its box after every step, once its
      // 150 ms entrance (which scales it) has finished.
      await dialog.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
      );
      const before = await dialog.boundingBox();
      const title = await dialog
        .getByRole('heading', { name: 'Delete your account?' })
        .boundingBox();
      const x = title.x + title.width / 2;
      const y = title.y + title.height / 2;
      const heights = [];
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 6; step++) {
        await page.mouse.move(x - step * 20, y - step * 10);
        heights.push((await dialog.boundingBox()).height);
      }
      await page.mouse.up();
      const after = await dialog.boundingBox();
      assert.deepEqual(
        heights,
        heights.map(() => before.height),
        'its height while dragged',
      );
      assert.equal(after.height, before.height);
      assert.ok(Math.abs(after.x - (before.x - 120)) < 2, `moved from ${before.x} to ${after.x}`);
      assert.equal(await page.evaluate(() => document.activeElement?.type), 'password');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('one click on the security check before the page has hydrated solves it, once, with the CPU slowed four times', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    // Every state the widget announces, in order (its events do not bubble; a capturing
    // listener on the document still hears them).
    await tab.context.addInitScript(() => {
      window.captchaStates = [];
      document.addEventListener(
        'statechange',
        (event) => {
          if (event.target.localName === 'altcha-widget')
            window.captchaStates.push(event.detail.state);
        },
        true,
      );
    });
    const cdp = await tab.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      // The page's scripts are held back until the click is made, so it surely comes first.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${site.server.baseUrl}/auth/register`, { waitUntil: 'commit' });
      await page.locator('main .captcha-stand-in').click();
      assert.equal(
        await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no'),
        'no',
        'the click came before hydration',
      );
      release();
      await hydrated(page);
      await page.locator('main altcha-widget [data-state="verified"]').waitFor();
      await page.waitForFunction(() => window.captchaStates.includes('verified'));
      // One check was started and it ended solved: a second start would abort the first, whose
      // failure ("verification failed") can land after the success and take the token away.
      assert.deepEqual(await page.evaluate(() => window.captchaStates), ['verifying', 'verified']);
      tab.assertClean();
    } finally {
      await cdp.detach();
      await tab.close();
    }
  });

  test('a click on the button straight from a mistyped field is answered, not lost', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/auth/login`);
      await hydrated(page);
      await page
        .locator('main input[autocomplete="current-password"]')
        .fill('north river ledger 56');
      // The last field left is the wrong one: its message must not push the button away from
      // under the pointer between the press and the release.
      const email = page.locator('main input[autocomplete="email"]');
      await email.fill('nadia@example');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByText('Please correct the highlighted fields and try again.').waitFor();
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('autocomplete') === 'email',
      );
      assert.equal(await email.getAttribute('aria-invalid'), 'true');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('the login page in Arabic: right to left, with Arabic messages from the form and the server', async () => {
    const tab = await openPage(site.browser, { width: 375, height: 800, allowApiStatuses: [401] });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/ar/auth/login`);
      await hydrated(page);
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      assert.match(await page.getByRole('heading', { level: 1 }).innerText(), ARABIC);
      await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      const email = page.getByLabel('البريد الإلكتروني');
      assert.equal(await email.getAttribute('aria-invalid'), 'true');
      assert.equal(await email.evaluate((el) => el === document.activeElement), true);
      assert.match(
        await page.locator(`#${await email.getAttribute('aria-describedby')}`).innerText(),
        ARABIC,
      );

      await email.fill(newEmail('huda'));
      await page.getByLabel('كلمة المرور').fill('كلمة مرور خاطئة تمامًا');
      await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      const status = page.locator('form [role="status"]').first();
      await status.locator('p').waitFor();
      assert.match(await status.innerText(), ARABIC);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  for (const [locale, theme] of [
    ['en', 'theme-light'],
    ['ar', 'theme-dark'],
  ]) {
    test(`${locale} ${theme}: the account pages pass axe without serious or critical violations`, async () => {
      const password = 'amber lighthouse ferry 9';
      const email = await confirmedAccount('Rania', 'Aziz', password);
      const tab = await openPage(site.browser, { storage: { theme }, allowApiStatuses: [400] });
      const { page } = tab;
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const problems = [];
      const check = async (path, ready = 'main') => {
        await page.goto(site.server.baseUrl + prefix + path);
        await hydrated(page);
        await page.locator(ready).first().waitFor();
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        )) {
          problems.push(
            `${prefix}${path}: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
        }
      };
      try {
        await check('/auth/register');
        await check('/auth/forgot-password');
        await check('/auth/verify-code?email=someone%40example.com');
        await check('/auth/reset-password');
        // The landing page of a confirmation link, before its button is pressed.
        await check('/auth/confirm-email/not-a-real-token-but-well-formed', 'main form');
        await check('/auth/login');
        await fillLogin(page, email, password);
        await Promise.all([
          page.waitForURL(/\/account$/),
          page.locator('main form button[type="submit"]').click(),
        ]);
        await check('/account', 'section[aria-labelledby="account-sessions"] li');
        assert.deepEqual(problems, []);
        tab.assertClean();
      } finally {
        await tab.close();
      }
    });
  }
});
