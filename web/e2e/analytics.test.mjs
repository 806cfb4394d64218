// Counting visits without personal data, and the source of a lead, with two servers on one
// PostgreSQL database as two replicas: a visitor arrives from a LinkedIn campaign, reads two
// service pages (one of them again on the other server) and requests a proposal; a visit sent
// with Global Privacy Control and a crawler's visit are not counted. The other server stops (and
// writes what it counted). Sales sees on the dashboard the views, the one visitor, the campaign
// and the proposal the service page started, and in the inbox where the lead came from. Runs when
// TEST_DATABASE_URL names a PostgreSQL database, in a schema of its own; skips otherwise.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage, replicasSkip as skip, useReplicas } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';
import { hydrated, solveCaptcha } from './visitor.mjs';

const site = useReplicas();

const pentest = '/services/cybersecurity-services/penetration-testing';
const risk = '/services/cybersecurity-services/risk-assessment';
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** The cells of the row of a figures table that holds `text`, as the reader sees them. */
async function rowOf(page, table, text) {
  const row = page.locator(`table[data-figures="${table}"] tbody tr`).filter({ hasText: text });
  await row.first().waitFor();
  assert.equal(await row.count(), 1, `one row of ${table} holds ${text}`);
  return (await row.locator('th, td').allInnerTexts()).map((cell) => cell.trim());
}

describe('marketing figures', { skip }, () => {
  test('a campaign visit and its proposal, counted once, in the dashboard and the inbox', async () => {
    const visitor = await openPage(site.browser);
    const { page } = visitor;
    const here = site.server.baseUrl;
    await page.goto(`${here}${pentest}?utm_source=linkedin&utm_campaign=iso-2027`);
    await page.goto(`${here}${risk}`);
    // The same person on the other replica: one more view, the same visitor.
    await page.goto(`${site.other.baseUrl}${risk}`);

    // Neither a browser sending Global Privacy Control nor a crawler is counted.
    for (const headers of [
      { 'User-Agent': chrome, 'Sec-GPC': '1' },
      { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ]) {
      const res = await fetch(`${here}${pentest}`, { headers });
      assert.equal(res.status, 200);
    }

    // The proposal, sent from the forms page in the same tab.
    await page.goto(`${here}/forms`);
    await hydrated(page);
    const form = page.locator('#proposal form');
    await form.getByLabel('Full name').fill('Salma Haddad');
    await form.getByLabel('E-mail address').fill('salma.haddad@example.com');
    await form.getByLabel('Phone number').fill('+971 4 555 0123');
    await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Gulf Trade Finance');
    await form.getByLabel('Country').fill('United Arab Emirates');
    await form.getByLabel('Company size').selectOption('250-999');
    await form.getByLabel('Timeline').selectOption('1-3-months');
    await form.getByRole('checkbox', { name: 'Penetration Testing' }).check();
    await form.getByLabel('About the work').fill('An external penetration test before ISO 27001.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await solveCaptcha(page, form);
    await form.getByRole('button', { name: 'Request a proposal' }).click();
    await page.locator('#proposal').getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    assert.equal(
      await page.evaluate(() => sessionStorage.getItem('lead-source')),
      null,
      'the visit’s start is forgotten once the form is sent',
    );
    visitor.assertClean();
    await visitor.close();

    // The other replica stops: what it counted is written as it goes.
    await site.other.stop();
    site.other = undefined;

    const sales = await staffMember(site, {
      email: 'mona.adel@noorvale.example',
      name: 'Mona Adel',
      role: 'sales',
    });
    const admin = sales.page;
    await admin
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Marketing figures' })
      .click();
    await admin.getByRole('heading', { name: 'Marketing figures', level: 1 }).waitFor();

    // Four views by one visitor: the two service pages (one twice) and the forms page.
    const weeks = admin.locator('table[data-figures="weeks"] tbody tr');
    await weeks.first().waitFor();
    let views = 0;
    let visitors = 0;
    for (const row of await weeks.all()) {
      const cells = await row.locator('td').allInnerTexts();
      views += Number(cells[0]);
      visitors += Number(cells[1]);
    }
    assert.deepEqual({ views, visitors }, { views: 4, visitors: 1 });
    assert.match(
      await admin.locator('[data-week-chart]').getAttribute('aria-label'),
      /^4 page views and 1 visitors/,
    );
    assert.deepEqual((await rowOf(admin, 'pages', pentest)).slice(1), ['English', '1']);
    assert.deepEqual((await rowOf(admin, 'pages', risk)).slice(1), ['English', '2']);
    assert.deepEqual(await rowOf(admin, 'campaigns', 'iso-2027'), [
      'iso-2027',
      'linkedin',
      '—',
      '1',
    ]);
    // The service page the visit began on started the proposal; it was sent from the forms page.
    assert.deepEqual((await rowOf(admin, 'conversion', pentest)).slice(1), [
      '1',
      '1',
      '0',
      '0',
      '0',
    ]);
    await noAxeViolations(admin, 'the marketing figures');

    // The inbox shows where the lead came from, and finds it by its campaign.
    await admin.goto(`${here}/admin/inbox?source=iso-2027`);
    await admin.getByRole('link', { name: 'Salma Haddad' }).click();
    const source = admin.locator('[data-source]');
    await source.waitFor();
    const text = await source.innerText();
    assert.match(text, new RegExp(pentest));
    assert.match(text, /iso-2027 · linkedin/);
    assert.match(text, /Sent from\s+\/forms/);
    await noAxeViolations(admin, 'a submission with its source');
    sales.assertClean();
    await sales.close();
  });
});
