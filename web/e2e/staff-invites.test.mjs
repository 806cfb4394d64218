// Managing staff and long forms in a real browser against a real server: an administrator invites
// by e-mail (read from the development outbox at /dev/mail), sees the invitation pending, revokes
// a second one whose link then fails; a staff member who forgot her password chooses a new one
// through the link e-mailed to her and signs in with it and her second factor; the "Confirm it is
// you" dialog takes the focus when asked for at the bottom of a long page; the content editor's
// action bar stays in view at the bottom of a long form. English and Arabic, light and dark, 375
// and 1280 px, no axe violations. The server asks for the second factor before every sensitive
// action (STAFF_STEP_UP=0s), at http://localhost, a secure context, as passkeys require.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';
import { visitorHelpers } from './visitor.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({
    host: 'localhost',
    development: true,
    env: { STAFF_STEP_UP: '0s' },
  });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

/** Reads the back-office in a language and a theme from the next load on. */
async function lookAs(page, lang, theme) {
  await page.evaluate(
    ([l, th]) => {
      localStorage.setItem('admin-language', l);
      localStorage.setItem('theme', th);
    },
    [lang, theme],
  );
  await page.reload();
  await page.locator(`html[lang="${lang}"]`).waitFor();
}

/** Whether the focus is inside the step-up dialog, and the dialog inside the window. */
async function stepUpHasFocus(page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[data-step-up]');
    if (!dialog?.open) return false;
    const box = dialog.getBoundingClientRect();
    const inView = box.top >= 0 && box.bottom <= window.innerHeight;
    return inView && dialog.contains(document.activeElement);
  });
}

/** Answers the step-up dialog with the passkey. */
async function confirmWithPasskey(page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.waitFor();
  assert.ok(await stepUpHasFocus(page), 'the step-up dialog has the focus');
  await dialog.getByRole('button', { name: 'Use my passkey' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('staff management', () => {
  test('invitations are e-mailed, listed, sent again and revoked; the revoked link fails', async () => {
    const { baseUrl } = site.server;
    const { waitForMail } = visitorHelpers(site);
    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Haddad',
      role: 'administrator',
    });
    const { page } = admin;
    try {
      await page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Staff' })
        .click();
      await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
      await page.getByText('No invitation is waiting to be accepted.').waitFor();

      // A translator is offered every language but English.
      await page.locator('input[name="invite-email"]').fill('nadia@example.com');
      await page.getByLabel('Role').first().selectOption('translator');
      const offered = await page
        .locator('form')
        .first()
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((b) => b.parentElement.textContent.trim()));
      assert.deepEqual(offered, ['Dutch', 'French', 'Arabic']);
      await page.getByLabel('French').check();
      // The proof of signing in covers this first action; each later one asks again.
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('The invitation was e-mailed to nadia@example.com.').waitFor();
      const shown = (await page.locator('[data-invitation-link]').textContent()).trim();
      const mailed = await waitForMail('nadia@example.com', /\/admin\/join#[A-Za-z0-9_-]{43}$/);
      assert.equal(mailed, shown, 'the e-mail carries the link shown');
      const nadia = page.locator('[data-invitation="nadia@example.com"]');
      await nadia.getByText('Translator (French)').waitFor();
      await nadia.getByText('Invited by Amal Haddad').waitFor();

      // A second invitation, revoked: its link no longer works.
      await page.locator('input[name="invite-email"]').fill('omar@example.com');
      await page.getByLabel('Role').first().selectOption('editor');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await confirmWithPasskey(page);
      const omarLink = (await page.locator('[data-invitation-link]').textContent()).trim();
      await page.getByRole('button', { name: 'Revoke: omar@example.com' }).click();
      await confirmWithPasskey(page);
      await page.getByText('The invitation was revoked. Its link no longer works.').waitFor();
      await page.locator('[data-invitation="omar@example.com"]').waitFor({ state: 'detached' });
      await nadia.waitFor();
      const revoked = await fetch(`${baseUrl}/api/admin/invitation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: omarLink.split('#')[1] }),
      });
      assert.equal(revoked.status, 404, 'the revoked link fails');
      assert.equal(
        (
          await fetch(`${baseUrl}/api/admin/invitation`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ token: shown.split('#')[1] }),
          })
        ).status,
        200,
        'the pending one works',
      );
      await noAxeViolations(page, 'staff, English light');

      // Sent again: a new link, e-mailed; the first one stops working.
      await nadia.getByRole('button', { name: 'Send again: nadia@example.com' }).click();
      await confirmWithPasskey(page);
      await page.getByText('A new invitation was e-mailed to nadia@example.com').waitFor();
      const resent = (await page.locator('[data-invitation-link]').textContent()).trim();
      assert.notEqual(resent, shown);
      await waitForMail('nadia@example.com', new RegExp(`${resent.split('#')[1]}$`));

      // Each member's factors, for administrators.
      await page
        .locator('[data-staff="amal@noorvale.example"] [data-factors]')
        .getByText('Passkeys: 1 · Recovery codes left: 10')
        .waitFor();

      for (const [lang, theme] of [
        ['ar', 'theme-dark'],
        ['ar', 'theme-light'],
        ['en', 'theme-dark'],
      ]) {
        await lookAs(page, lang, theme);
        await page.locator('[data-invitation="nadia@example.com"]').waitFor();
        await noAxeViolations(page, `staff, ${lang} ${theme}`);
      }
      admin.assertClean();
    } finally {
      await admin.close();
    }
  });

  test('the step-up dialog takes the focus at the bottom of a long page, on a phone', async () => {
    const admin = await staffMember(site, {
      email: 'badr@noorvale.example',
      name: 'Badr Saleh',
      role: 'administrator',
      width: 375,
      height: 740,
    });
    const { page } = admin;
    try {
      // Invitations pending from the command line make the staff page long.
      for (let n = 1; n <= 6; n++) {
        await site.server.command([
          'staff',
          'invite',
          '--email',
          `guest${n}@example.com`,
          '--role',
          'viewer',
        ]);
      }
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      // The navigation is one line on a phone, not four.
      const nav = page.getByRole('navigation', { name: 'Back-office sections' });
      const height = await nav.evaluate((n) => n.getBoundingClientRect().height);
      assert.ok(height < 70, `the navigation is ${height} px tall on a phone`);
      await nav.getByRole('link', { name: 'Staff' }).click();
      await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
      const save = page.getByRole('button', { name: 'Save role' }).last();
      // The proof of signing in covers one action: this one. The next asks again.
      await save.click();
      await page.getByText('The role was changed.').waitFor();
      await save.scrollIntoViewIfNeeded();
      assert.ok(
        await page.evaluate(() => window.scrollY > window.innerHeight),
        'the button is far down the page',
      );
      await save.click();
      const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
      await dialog.waitFor();
      assert.ok(await stepUpHasFocus(page), 'the dialog has the focus, in view');
      await noAxeViolations(page, 'step-up on a phone');
      // Escape cancels and gives the focus back to the button that asked.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await save.evaluate((b) => b === document.activeElement), true);

      // In Arabic, dark, on a desktop: the same dialog, with the focus, and nothing for axe.
      await lookAs(page, 'ar', 'theme-dark');
      await page.setViewportSize({ width: 1280, height: 800 });
      const saveAr = page.locator('[data-staff] button[type="submit"]').last();
      await saveAr.scrollIntoViewIfNeeded();
      await saveAr.click();
      await page.locator('dialog[data-step-up]').waitFor();
      assert.ok(await stepUpHasFocus(page), 'the Arabic dialog has the focus, in view');
      await noAxeViolations(page, 'step-up, Arabic dark, desktop');
      await page.keyboard.press('Escape');
      await page.locator('dialog[data-step-up]').waitFor({ state: 'detached' });
      await lookAs(page, 'en', 'theme-light');
      await page.setViewportSize({ width: 375, height: 740 });

      // The theme button says what it does.
      const theme = page.locator('header button[data-theme-switch]');
      const before = await page.evaluate(() => document.documentElement.className);
      const label = before.includes('theme-dark') ? 'Light theme' : 'Dark theme';
      assert.equal((await theme.textContent()).trim(), label);
      await theme.click();
      assert.equal(
        (await theme.textContent()).trim(),
        label === 'Dark theme' ? 'Light theme' : 'Dark theme',
      );
      admin.assertClean();
    } finally {
      await admin.close();
    }
  });

  test('a forgotten password is chosen again through the e-mailed link, then the second factor signs in', async () => {
    const { baseUrl } = site.server;
    const { waitForMail } = visitorHelpers(site);
    const email = 'rana@noorvale.example';
    const member = await staffMember(site, {
      email,
      name: 'Rana Saleh',
      role: 'editor',
      width: 375,
      height: 740,
    });
    const { page } = member;
    try {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await noAxeViolations(page, 'forgot password');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('button', { name: 'E-mail me a link' }).click();
      await page.getByText('If a back-office account has this address').waitFor();
      const link = await waitForMail(email, /\/admin\/password#[A-Za-z0-9_-]{43}$/);

      await page.goto(`${baseUrl}/admin/password#${link.split('#')[1]}`);
      await page.getByLabel('Password', { exact: true }).fill('a fresh harbour passphrase');
      await page.getByLabel('Repeat the password').fill('a fresh harbour passphrase');
      await noAxeViolations(page, 'new password');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('Your password was changed').waitFor();
      assert.equal(new URL(page.url()).hash, '', 'the spent link left the address bar');

      await page.getByRole('link', { name: 'Back to signing in' }).click();
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill('a fresh harbour passphrase');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
      await page.getByRole('button', { name: 'Use my passkey' }).click();
      await page.getByRole('heading', { name: 'Welcome, Rana Saleh' }).waitFor();

      // The same pages in Arabic, dark.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await lookAs(page, 'ar', 'theme-dark');
      await page.goto(`${baseUrl}/admin/forgot`);
      await page.getByRole('heading', { name: 'اختيار كلمة مرور جديدة' }).waitFor();
      await noAxeViolations(page, 'forgot password, Arabic dark');
      member.assertClean();
    } finally {
      await member.close();
    }
  });
});

describe('long forms', () => {
  test("the editor's action bar stays in view at the bottom, and the index jumps to a section", async () => {
    const editor = await staffMember(site, {
      email: 'huda@noorvale.example',
      name: 'Huda Karim',
      role: 'editor',
    });
    const { page } = editor;
    const route = '/services/cybersecurity-services/penetration-testing';
    try {
      for (const [width, lang, theme] of [
        [1280, 'en', 'theme-light'],
        [375, 'ar', 'theme-dark'],
      ]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${site.server.baseUrl}/admin/content/pages/page?route=${route}`);
        await lookAs(page, lang, theme);
        const bar = page.locator('[data-action-bar]');
        await bar.waitFor();
        const long = await page.evaluate(() => document.body.scrollHeight);
        assert.ok(long > 3000, `the form is ${long} px long`);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const box = await bar.boundingBox();
        assert.ok(box && box.y + box.height <= 800 + 1 && box.y > 400, 'the bar is at the bottom');
        const save = lang === 'en' ? 'Save draft' : null;
        if (save) await bar.getByRole('button', { name: save }).waitFor();
        await noAxeViolations(page, `editor's bar, ${lang} ${theme} ${width}`);

        // The index jumps to a section and puts the focus in it.
        const index = page.locator('[data-section-index]');
        const last = index.getByRole('link').last();
        await page.evaluate(() => window.scrollTo(0, 0));
        await last.click();
        const target = (await last.getAttribute('href')).slice(1);
        assert.ok(
          await page.evaluate(
            (id) => document.getElementById(id).contains(document.activeElement),
            target,
          ),
          'the focus is in the section',
        );
      }
      editor.assertClean();
    } finally {
      await editor.close();
    }
  });
});
