// A lost second factor in a real browser against a real server: an administrator resets a staff
// member's factor from the staff list, which then shows the account without one; the member's
// password alone is refused with a message that points to the e-mail; the link the site e-mailed
// (read from the development outbox at /dev/mail) and the password set up a new passkey, which the
// staff list then shows. The server runs at http://localhost, a secure context, as passkeys require.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { keepRecoveryCodes, noAxeViolations, staffMember } from './staff.mjs';
import { visitorHelpers } from './visitor.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost', development: true });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

describe('a reset second factor', () => {
  test('is set up again only through the link e-mailed to the account, with the password', async () => {
    const { baseUrl } = site.server;
    const { waitForMail } = visitorHelpers(site);
    const email = 'rana@noorvale.example';
    const password = 'Rana Saleh keeps a long passphrase';
    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Haddad',
      role: 'administrator',
    });
    // 401 once the reset ended the member's session; 403 for the password alone, which the test
    // sends on purpose.
    const member = await staffMember(site, {
      email,
      name: 'Rana Saleh',
      role: 'editor',
      allowApiStatuses: [401, 403],
    });
    try {
      // The administrator resets the member's second factor from the staff list.
      await admin.page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Staff' })
        .click();
      const card = admin.page.locator(`[data-staff="${email}"]`);
      await card.getByRole('button', { name: 'Reset second factor' }).click();
      await admin.page
        .getByText(`A link to set up a new second factor was e-mailed to ${email}.`)
        .waitFor();
      await card.getByText('No second factor').waitFor();
      await card.getByRole('button', { name: 'E-mail a set-up link' }).waitFor();
      await noAxeViolations(admin.page, 'staff after a reset');

      // The member's password alone sets up nothing: the answer points to the e-mail.
      const { page } = member;
      await page.goto(`${baseUrl}/admin`);
      await page.getByRole('heading', { name: 'Sign in to the back-office' }).waitFor();
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByText('This account has no second factor yet. Open the link in the e-mail')
        .waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create a passkey' }).count(), 0);

      // The link from the e-mail, with the password, sets up a new passkey.
      const link = await waitForMail(email, /\/admin\/enrol#[A-Za-z0-9_-]{43}$/);
      const token = link.split('#')[1];
      await page.goto(`${baseUrl}/admin/enrol#${token}`);
      await page.getByText('You opened the set-up link from your e-mail.').waitFor();
      await noAxeViolations(page, 'set-up link');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Create a passkey' }).click();
      await keepRecoveryCodes(page);
      await page.getByRole('heading', { name: 'Welcome, Rana Saleh' }).waitFor();
      assert.equal(new URL(page.url()).hash, '', 'the spent link left the address bar');

      // The staff list shows the new factor.
      await admin.page.reload();
      await card.getByRole('button', { name: 'Reset second factor' }).waitFor();
      assert.equal(await card.getByText('No second factor').count(), 0);
      admin.assertClean();
      member.assertClean();
    } finally {
      await member.close();
      await admin.close();
    }
  });
});
