// Visitor accounts in the back-office, in a real browser against a real server: a visitor registers
// (through the API, confirming the e-mailed link) and logs in on the site; an administrator finds
// the account, sees it confirmed with one session, ends its sessions (the visitor's next call is
// refused), disables it after confirming the passkey again (the visitor's right password is told,
// in English and in Arabic, that the account is disabled), enables it and deletes it; the audit
// trail shows each action by the account's id. Two accounts chosen on the list have their sessions
// ended in one action, each reported by name. The server asks for the second factor before every
// sensitive action (STAFF_STEP_UP=0s).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, openPage, startServer } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';
import { hydrated, visitorHelpers } from './visitor.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({
    development: true,
    host: 'localhost',
    env: { STAFF_STEP_UP: '0s' },
  });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

/** How far the page scrolls sideways: 0 when it fits its width. */
const overflow = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The visitor's own call to the account API, with the browser's session cookie. */
const accountStatus = (page) =>
  page.evaluate(async () => (await fetch('/api/account', { credentials: 'same-origin' })).status);

/** Logs in on the site's login page in `lang` and resolves to the form's message. */
async function loginMessage(page, baseUrl, lang, email, password) {
  await page.goto(`${baseUrl}${lang === 'en' ? '' : `/${lang}`}/auth/login`);
  await hydrated(page);
  await page.locator('main input[autocomplete="email"]').fill(email);
  await page.locator('main input[autocomplete="current-password"]').fill(password);
  await page.locator('main form button[type="submit"]').click();
  const status = page.locator('main form [role="status"]').first();
  await status.locator('p').first().waitFor();
  return (await status.innerText()).trim();
}

const nav = (page) => page.getByRole('navigation', { name: 'Back-office sections' });

describe('visitor accounts', () => {
  test('an administrator finds an account, ends its sessions, disables, enables and deletes it; the visitor feels each; the trail shows it', async () => {
    const { baseUrl } = site.server;
    const { confirmedAccount, logIn } = visitorHelpers(site);
    const password = 'saffron harbour lantern 58';
    const email = await confirmedAccount('Lina', 'Farouk', password);

    const visitor = await openPage(site.browser, { allowApiStatuses: [401, 403] });
    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Haddad',
      role: 'administrator',
      allowApiStatuses: [401, 403, 409],
    });
    try {
      await logIn(visitor.page, email, password);
      assert.equal(await accountStatus(visitor.page), 200);

      // The administrator finds the account: confirmed, one session.
      const { page } = admin;
      await nav(page).getByRole('link', { name: 'Visitor accounts' }).click();
      await page.getByRole('heading', { name: 'Visitor accounts', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('farouk');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.waitForURL(/\/admin\/visitors\?q=farouk$/);
      const list = page.getByRole('list', { name: 'Visitor accounts' });
      const row = list.locator('[data-visitor]').filter({ hasText: email });
      await row.waitFor();
      assert.equal(await list.locator('[data-visitor]').count(), 1);
      await row.getByText('Confirmed').waitFor();
      await noAxeViolations(page, 'visitor accounts');
      await row.getByRole('link', { name: 'Lina Farouk' }).click();
      await page.getByRole('heading', { name: 'Lina Farouk', level: 1 }).waitFor();
      const visitorId = new URL(page.url()).pathname.split('/').pop();
      assert.match(visitorId, /^[0-9a-f]{32}$/);
      const sessions = page.getByRole('list', { name: 'Active sessions' });
      await sessions.getByRole('listitem').first().waitFor();
      assert.equal(await sessions.getByRole('listitem').count(), 1);
      await sessions.getByText(/^Chrom(e|ium) on Linux$/).waitFor();
      await page
        .locator('[data-state="address"]')
        .getByText(/^Confirmed /)
        .waitFor();
      await page
        .locator('[data-state="account"]')
        .getByText(/^Active/)
        .waitFor();
      await page.locator('[data-state="recovery"]').getByText('Available').waitFor();
      await noAxeViolations(page, 'visitor account');

      // Its sessions end: the visitor's next call is refused.
      await page.getByRole('button', { name: 'End all sessions' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'The account was signed out everywhere.' })
        .waitFor();
      await page.getByText('No active session.').waitFor();
      assert.equal(await accountStatus(visitor.page), 401);

      // The proof of joining goes on an invitation, so disabling asks for the passkey again.
      const invited = await page.evaluate(async () => {
        const res = await fetch('/api/admin/staff/invitations', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'badr@noorvale.example', role: 'viewer' }),
        });
        return res.status;
      });
      assert.equal(invited, 200);
      await page.getByRole('button', { name: 'Disable the account' }).click();
      const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
      await stepUp.getByText('This action needs your second factor again.').waitFor();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'The account was disabled and signed out everywhere.' })
        .waitFor();
      await page
        .locator('[data-state="account"]')
        .getByText(/^Disabled /)
        .waitFor();
      await page.getByRole('button', { name: 'Enable the account' }).waitFor();

      // The right password is told the account is disabled, in the page's language.
      assert.equal(
        await loginMessage(visitor.page, baseUrl, 'en', email, password),
        'This account has been disabled. If you think this is a mistake, please contact us.',
      );
      assert.equal(
        await loginMessage(visitor.page, baseUrl, 'ar', email, password),
        'تم تعطيل هذا الحساب. إذا كنت تعتقد أن ذلك خطأ، فيُرجى التواصل معنا.',
      );
      assert.equal(await visitor.page.locator('html').getAttribute('dir'), 'rtl');

      // Enabled again: the password logs in.
      await page.getByRole('button', { name: 'Enable the account' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'The account was enabled again.' })
        .waitFor();
      await logIn(visitor.page, email, password);
      assert.equal(await accountStatus(visitor.page), 200);

      // In Arabic, right to left, in the dark theme, and on a phone.
      await page.reload();
      await page.getByRole('heading', { name: 'Lina Farouk', level: 1 }).waitFor();
      await page.locator('button[lang="ar"]').click();
      await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
      await page.locator('header button[data-theme-switch]').click();
      await page.locator('html.theme-dark').waitFor();
      await page.getByRole('list', { name: 'الجلسات النشطة' }).getByRole('listitem').waitFor();
      await noAxeViolations(page, 'visitor account in Arabic, dark');
      await page.setViewportSize({ width: 375, height: 740 });
      assert.equal(await overflow(page), 0, 'the account fits a phone');
      await page.getByRole('link', { name: 'العودة إلى حسابات الزوار' }).click();
      await page.getByRole('list', { name: 'حسابات الزوار' }).locator('[data-visitor]').waitFor();
      await noAxeViolations(page, 'visitor accounts in Arabic, dark');
      assert.equal(await overflow(page), 0, 'the list fits a phone');
      await page.locator('button[lang="en"]').click();
      await page.locator('header button[data-theme-switch]').click();
      await page.locator('html[lang="en"].theme-light').waitFor();
      assert.equal(await overflow(page), 0, 'the list fits a phone in English');

      // Deleted, after a confirmation and the passkey again.
      await list.getByRole('link', { name: 'Lina Farouk' }).click();
      await page.getByRole('button', { name: 'Delete the account' }).click();
      const confirm = page.getByRole('group', { name: 'Delete this account?' });
      await confirm.getByText(/deleted for good/).waitFor();
      assert.equal(await overflow(page), 0, 'the confirmation fits a phone');
      await noAxeViolations(page, 'the confirmation of a deletion');
      await confirm.getByRole('button', { name: 'Delete for good' }).click();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'The account was deleted with its sessions and profile picture.' })
        .waitFor();
      await page.getByText('No visitor account matches this search.').waitFor();
      assert.equal(await accountStatus(visitor.page), 401);
      assert.equal(
        await loginMessage(visitor.page, baseUrl, 'en', email, password),
        'The e-mail address or password is incorrect.',
      );

      // The trail shows each action, naming the account by its id, never its address or name.
      await page.setViewportSize({ width: 1280, height: 800 });
      await nav(page).getByRole('link', { name: 'Audit trail' }).click();
      const trail = page.getByRole('list', { name: 'Audit trail' });
      await trail.locator('[data-action="visitor-delete"]').waitFor();
      for (const [action, label] of [
        ['visitor-sessions-ended', 'Visitor logged out everywhere'],
        ['visitor-disable', 'Visitor account disabled'],
        ['visitor-enable', 'Visitor account enabled'],
        ['visitor-delete', 'Visitor account deleted'],
      ]) {
        const event = trail.locator(`[data-action="${action}"]`);
        assert.equal(await event.count(), 1, action);
        await event.getByText(label).waitFor();
        await event.getByText('Amal Haddad').waitFor();
      }
      await trail
        .locator('[data-action="visitor-sessions-ended"]')
        .getByText('Sessions ended: 1')
        .waitFor();
      assert.doesNotMatch(await trail.innerText(), /Lina|Farouk|lina\./);
      // The account, while it existed, is a link away; the deletion names it without one.
      const link = trail.locator('[data-action="visitor-disable"]').getByRole('link', {
        name: visitorId,
      });
      assert.equal(await link.getAttribute('href'), `/admin/visitors/${visitorId}`);
      await trail.locator('[data-action="visitor-delete"]').getByText(visitorId).waitFor();
      assert.equal(
        await trail.locator('[data-action="visitor-delete"]').getByRole('link').count(),
        0,
      );
      visitor.assertClean();
      admin.assertClean();
    } finally {
      await Promise.all([visitor.close(), admin.close()]);
    }
  });

  test('an administrator chooses two accounts and ends their sessions in one action', async () => {
    const { confirmedAccount, logIn } = visitorHelpers(site);
    const password = 'cedar lantern orbit 91';
    const emails = [
      await confirmedAccount('Omar', 'Qasimi', password),
      await confirmedAccount('Sara', 'Qasimi', password),
    ];
    const visitors = [
      await openPage(site.browser, { allowApiStatuses: [401] }),
      await openPage(site.browser, { allowApiStatuses: [401] }),
    ];
    const admin = await staffMember(site, {
      email: 'hala@noorvale.example',
      name: 'Hala Mansour',
      role: 'administrator',
    });
    try {
      for (const [i, v] of visitors.entries()) {
        await logIn(v.page, emails[i], password);
        assert.equal(await accountStatus(v.page), 200);
      }
      const { page } = admin;
      await page.goto(`${site.server.baseUrl}/admin/visitors?q=qasimi`);
      const list = page.getByRole('list', { name: 'Visitor accounts' });
      await list.locator('[data-visitor]').nth(1).waitFor();
      assert.equal(await list.locator('[data-visitor]').count(), 2);
      const ids = await list
        .locator('[data-visitor]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-visitor')));

      // Nothing chosen, no bar; each box chosen, then both by "Choose all shown".
      assert.equal(await page.locator('[data-selection-bar]').count(), 0);
      await page.getByRole('checkbox', { name: 'Choose Omar Qasimi' }).check();
      await page.getByRole('heading', { name: 'Chosen: 1' }).waitFor();
      await page.getByRole('checkbox', { name: 'Choose all shown' }).check();
      await page.getByRole('heading', { name: 'Chosen: 2' }).waitFor();
      await noAxeViolations(page, 'visitor accounts with a selection');

      await page.getByRole('button', { name: 'End their sessions' }).click();
      const results = page.getByRole('list', { name: 'What came of each item' });
      await results.locator('[data-ok="true"]').nth(1).waitFor();
      for (const email of emails) {
        await results.locator('[data-ok="true"]').filter({ hasText: email }).waitFor();
      }
      assert.equal(await results.locator('[data-ok="false"]').count(), 0);
      // The selection is cleared; the visitors' next calls are refused.
      assert.equal(
        await page.getByRole('checkbox', { name: 'Choose all shown' }).isChecked(),
        false,
      );
      for (const v of visitors) assert.equal(await accountStatus(v.page), 401);

      // Each account's ending is in the trail, as if done alone.
      await page.goto(`${site.server.baseUrl}/admin/audit`);
      const trail = page.getByRole('list', { name: 'Audit trail' });
      await trail.locator('[data-action="visitor-sessions-ended"]').first().waitFor();
      for (const id of ids) {
        const ended = trail
          .locator('[data-action="visitor-sessions-ended"]')
          .filter({ hasText: id });
        assert.equal(await ended.count(), 1, id);
      }
      for (const v of visitors) v.assertClean();
      admin.assertClean();
    } finally {
      await Promise.all([...visitors.map((v) => v.close()), admin.close()]);
    }
  });
});
