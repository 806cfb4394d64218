// The back-office in a real browser against a real server: the first administrator, invited from
// the command line, joins with a passkey (Chromium's virtual authenticator), signs out and back in
// with it; a second staff member joins with an authenticator app whose codes the test computes;
// the administrator changes that member's role after confirming the second factor again; the
// audit trail shows all of it, and is exported after the second factor again. The server runs at
// http://localhost, a secure context, as passkeys require, and asks for the second factor before
// every sensitive action (STAFF_STEP_UP=0s).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, openPage, startServer } from './harness.mjs';
import { keepRecoveryCodes, noAxeViolations, staffMember, withAuthenticator } from './staff.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost', env: { STAFF_STEP_UP: '0s' } });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

/** The RFC 6238 code of a base32 secret (SHA-1, 6 digits, 30 s) at `time`. */
function totp(secret, time = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

describe('the back-office', () => {
  test('invite, join with a passkey, sign in with it, a second member joins with an app, a role changes after a fresh check, all in the audit trail', async () => {
    const { baseUrl } = site.server;
    const out = await site.server.command([
      'staff',
      'invite',
      '--email',
      'amal@noorvale.example',
      '--role',
      'administrator',
    ]);
    const link = out.match(/http:\/\/localhost:\d+\/admin\/join#[A-Za-z0-9_-]{43}/)?.[0];
    assert.ok(link, `the command printed no link: ${out}`);

    // The administrator joins with a passkey.
    // A 401 before signing in, a 403 asking for the second factor again and a 409 keeping the
    // last factor are answers the test provokes on purpose.
    const admin = await openPage(site.browser, { allowApiStatuses: [401, 403, 409] });
    const { page } = admin;
    try {
      const { cdp, authenticatorId } = await withAuthenticator(admin);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Join the back-office' }).waitFor();
      await page.getByText('amal@noorvale.example').waitFor();
      await noAxeViolations(page, 'join');
      await page.getByLabel('Your name').fill('Amal Haddad');
      await page.getByLabel('Password', { exact: true }).fill('harbour lantern quiet 42');
      await page.getByLabel('Repeat the password').fill('harbour lantern quiet 42');
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
      await page.getByRole('button', { name: 'Create a passkey' }).click();
      const amalCodes = await keepRecoveryCodes(page);
      await page.getByRole('heading', { name: 'Welcome, Amal Haddad' }).waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      assert.equal(credentials.length, 1, 'the authenticator holds the new passkey');
      assert.equal(credentials[0].rpId, 'localhost');
      await noAxeViolations(page, 'home');
      // The link worked once.
      const again = await fetch(`${baseUrl}/api/admin/invitation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: link.split('#')[1] }),
      });
      assert.equal(again.status, 404);

      // Sign out, and back in with the passkey.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to the back-office' }).waitFor();
      await noAxeViolations(page, 'sign-in');
      await page.getByLabel('E-mail address').fill('amal@noorvale.example');
      await page.getByLabel('Password').fill('harbour lantern quiet 42');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
      await page.getByRole('button', { name: 'Use my passkey' }).click();
      await page.getByRole('heading', { name: 'Welcome, Amal Haddad' }).waitFor();
      const signCount = (await cdp.send('WebAuthn.getCredentials', { authenticatorId }))
        .credentials[0].signCount;
      assert.ok(signCount >= 1, 'the passkey signed the sign-in');

      // Invite a second member as an editor (the sign-in's proof covers this one action).
      await page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Staff' })
        .click();
      await page.getByRole('heading', { name: 'Invite a staff member' }).waitFor();
      await page.locator('input[name="invite-email"]').fill('badr@noorvale.example');
      await page.getByLabel('Role').first().selectOption('editor');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      const badrLink = await page.locator('[data-invitation-link]').textContent();
      assert.match(badrLink, /\/admin\/join#/);
      await noAxeViolations(page, 'staff');

      // The second member joins with an authenticator app, in a browser of their own.
      const badr = await openPage(site.browser, {
        width: 375,
        height: 740,
        allowApiStatuses: [401],
      });
      try {
        await badr.page.goto(badrLink);
        await badr.page.getByLabel('Your name').fill('Badr Saleh');
        await badr.page.getByLabel('Password', { exact: true }).fill('cedar window morning 17');
        await badr.page.getByLabel('Repeat the password').fill('cedar window morning 17');
        await badr.page.getByRole('button', { name: 'Create my account' }).click();
        await badr.page.getByRole('button', { name: 'Use an authenticator app instead' }).click();
        await badr.page
          .getByRole('img', { name: 'QR code to scan with an authenticator app' })
          .waitFor();
        const secret = (await badr.page.locator('[data-totp-secret]').textContent()).trim();
        await badr.page.getByRole('textbox', { name: 'Code' }).fill(totp(secret));
        await badr.page.getByRole('button', { name: 'Finish setting up' }).click();
        await keepRecoveryCodes(badr.page);
        await badr.page.getByRole('heading', { name: 'Welcome, Badr Saleh' }).waitFor();
        await badr.page.getByText('Edit content in every language').waitFor();
        badr.assertClean();
      } finally {
        await badr.close();
      }

      // The administrator makes Badr a translator into Arabic: the server asks for the second
      // factor again, the passkey gives it, and the change goes through.
      await page.reload();
      const card = page.locator('[data-staff="badr@noorvale.example"]');
      await card.getByLabel('Role').selectOption('translator');
      await card.getByRole('checkbox', { name: 'Arabic' }).check();
      await card.getByRole('button', { name: 'Save role' }).click();
      const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
      await stepUp.getByText('This action needs your second factor again.').waitFor();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      await page.getByRole('status').filter({ hasText: 'The role was changed.' }).waitFor();
      await card.getByText('Translator').first().waitFor();

      // Her own factors: an authenticator app beside the passkey (begun after a fresh check with
      // the passkey), then the passkey removed; the app, now her only factor, stays; new recovery
      // codes after a check with an old one.
      const sections = page.getByRole('navigation', { name: 'Back-office sections' });
      await sections.getByRole('link', { name: 'Sign-in and security' }).click();
      await page.getByRole('heading', { name: 'Sign-in and security', level: 1 }).waitFor();
      const passkeys = page.locator('[data-passkeys] li');
      await passkeys.first().waitFor();
      assert.equal(await passkeys.count(), 1);
      await passkeys.getByText(/^Last used /).waitFor();
      await noAxeViolations(page, 'security');
      await page.getByRole('button', { name: 'Add a second factor' }).click();
      await page.getByRole('button', { name: 'Use an authenticator app instead' }).click();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      const amalSecret = (await page.locator('[data-totp-secret]').textContent()).trim();
      await page.getByRole('textbox', { name: 'Code' }).fill(totp(amalSecret));
      await page.getByRole('button', { name: 'Finish setting up' }).click();
      await page.getByRole('status').filter({ hasText: 'Added.' }).waitFor();
      await page
        .locator('[data-app-status]')
        .getByText('An authenticator app is set up.')
        .waitFor();

      await passkeys.getByRole('button', { name: /^Remove the passkey added / }).click();
      await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
      await page.getByRole('status').filter({ hasText: 'Removed.' }).waitFor();
      await page.getByText('No passkey yet.').waitFor();

      await page.getByRole('button', { name: 'Remove the app' }).click();
      await stepUp.getByRole('textbox', { name: 'Code' }).fill(amalCodes[0]);
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Keep at least one passkey or authenticator app').waitFor();
      await page
        .locator('[data-app-status]')
        .getByText('An authenticator app is set up.')
        .waitFor();

      await page.getByRole('button', { name: 'Make new recovery codes' }).click();
      await stepUp.getByRole('textbox', { name: 'Code' }).fill(amalCodes[1]);
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      const newCodes = await keepRecoveryCodes(page);
      assert.ok(!newCodes.includes(amalCodes[2]), 'the old codes are replaced');
      await page.getByText('10 of 10 recovery codes left.').waitFor();

      // The audit trail shows all of it.
      await page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Audit trail' })
        .click();
      const trail = page.getByRole('list', { name: 'Audit trail' });
      await trail.locator('[data-action="role-change"]').waitFor();
      const actions = await trail
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.dataset.action));
      for (const action of [
        'invitation',
        'invitation-accepted',
        'second-factor-added',
        'sign-out',
        'sign-in',
        'second-factor-confirmed',
        'role-change',
        'second-factor-removed',
        'recovery-codes-renewed',
      ]) {
        assert.ok(actions.includes(action), `the trail lacks ${action}: ${actions.join(', ')}`);
      }
      const roleChange = trail.locator('[data-action="role-change"]');
      await roleChange.getByText('Amal Haddad').waitFor();
      await roleChange.getByText('Badr Saleh').waitFor();
      await roleChange.getByText('Editor → Translator (Arabic)').waitFor();
      await noAxeViolations(page, 'audit');

      // Filtered and exported as CSV.
      await page.getByLabel('Action').selectOption('role-change');
      await page.getByRole('button', { name: 'Show' }).click();
      // The unfiltered events stay until the filtered answer replaces them.
      await trail
        .locator('li:not([data-action="role-change"])')
        .first()
        .waitFor({ state: 'detached' });
      assert.equal(await trail.locator('li').count(), 1);
      // Exporting asks for the second factor again: one of the new recovery codes.
      await page.getByRole('button', { name: 'Export as CSV' }).click();
      await stepUp.getByRole('textbox', { name: 'Code' }).fill(newCodes[0]);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        stepUp.getByRole('button', { name: 'Confirm' }).click(),
      ]);
      assert.equal(file.suggestedFilename(), 'audit-trail.csv');
      const csv = await readFile(await file.path(), 'utf8');
      assert.match(csv, /^id,at,actor,actor_name,action,item,detail,ip\n/);
      assert.match(csv, /role-change/);
      assert.doesNotMatch(csv, /second-factor-added/);

      // In Arabic, right to left, in the dark theme.
      await page
        .getByRole('button', { name: 'Read the back-office in Arabic' })
        .or(page.locator('button[lang="ar"]'))
        .click();
      await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
      await page.getByRole('heading', { name: 'سجل التدقيق' }).waitFor();
      // Its details in Arabic too: the roles named, the change read right to left.
      await page
        .getByRole('list', { name: 'سجل التدقيق' })
        .locator('[data-action="role-change"]')
        .getByText('محرّر ← مترجم (العربية)')
        .waitFor();
      await page.locator('header button[data-theme-switch]').click();
      await page.locator('html.theme-dark').waitFor();
      await noAxeViolations(page, 'audit in Arabic, dark');

      // Every screen of a signed-in administrator, in both languages and both themes.
      for (const lang of ['ar', 'en']) {
        for (const theme of ['theme-dark', 'theme-light']) {
          await page.evaluate(
            ([l, th]) => {
              localStorage.setItem('admin-language', l);
              localStorage.setItem('theme', th);
            },
            [lang, theme],
          );
          for (const screen of [
            '/admin',
            '/admin/inbox',
            '/admin/visitors',
            '/admin/staff',
            '/admin/audit',
            '/admin/security',
            '/admin/privacy',
          ]) {
            await page.goto(baseUrl + screen);
            await page.locator(`html[lang="${lang}"].${theme} main h1`).first().waitFor();
            await page.locator('main [role="status"]').filter({ hasText: /…/ }).waitFor({
              state: 'detached',
            });
            await noAxeViolations(page, `${screen} ${lang} ${theme}`);
          }
        }
      }

      // The back-office is never indexed nor cached.
      const shell = await fetch(`${baseUrl}/admin/audit`);
      assert.equal(shell.headers.get('cache-control'), 'no-store');
      assert.match(shell.headers.get('x-robots-tag'), /noindex/);
      assert.match(shell.headers.get('content-security-policy'), /script-src 'self'/);
      admin.assertClean();
    } finally {
      await admin.close();
    }
  });

  test('a passkey whose signature counter goes back, as a copy of it would, is refused', async () => {
    const tab = await staffMember(site, {
      email: 'nadia@noorvale.example',
      name: 'Nadia Karam',
      role: 'editor',
      allowApiStatuses: [400, 401],
    });
    const { page } = tab;
    const { cdp, authenticatorId } = tab.authenticator;
    const signIn = async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('E-mail address').fill('nadia@noorvale.example');
      await page.getByLabel('Password').fill('Nadia Karam keeps a long passphrase');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
      await page.getByRole('button', { name: 'Use my passkey' }).click();
    };
    try {
      // Signed in with it once more, so its counter has moved on from the one it joined with.
      await signIn();
      await page.getByRole('heading', { name: 'Welcome, Nadia Karam' }).waitFor();

      // The same key, its counter back at zero: what a copy on another device would send.
      const [original] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId }))
        .credentials;
      assert.ok(original.signCount >= 2, `signature counter ${original.signCount}`);
      await cdp.send('WebAuthn.removeCredential', {
        authenticatorId,
        credentialId: original.credentialId,
      });
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: { ...original, signCount: 0 },
      });
      await signIn();
      await page.getByText('This passkey was refused: it may have been copied').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Confirm it is you' }).count(), 1);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});
