// The forms page (/forms) in a real browser against the development server: the request for
// proposal and the general enquiry as tabs, the services chooser, the date picker used with the
// keyboard, the marketing inbox's notification, Arabic on a phone, a service chosen in advance
// by a link from its page, and the tabs' keys.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPage, useSiteAndBrowser, until } from './harness.mjs';
import { formsReached, hydrated, solveCaptcha, valueArrives, visitorHelpers } from './visitor.mjs';

const site = useSiteAndBrowser({ development: true });
const { newEmail, mailTo, waitForMail, confirmedAccount, logIn } = visitorHelpers(site);

const ARABIC = /[\u0600-\u06FF]/;
const marketingInbox = 'info@noorvale.example';

/** The marketing inbox's notification of the form the visitor at `email` sent. */
async function notificationFor(email) {
  return until(async () =>
    (await mailTo(marketingInbox)).find((message) => message.text.includes(email)),
  );
}

const activeAttribute = (page, name) =>
  page.evaluate((attribute) => document.activeElement?.getAttribute(attribute) ?? null, name);

const horizontalOverflow = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('request for proposal and general enquiry', () => {
  test('a proposal end to end: services, sizes, a date chosen with the keyboard, the inbox', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/forms`);
      await formsReached(page);
      const proposalTab = page.getByRole('tab', { name: 'Request a proposal' });
      assert.equal(await proposalTab.getAttribute('aria-selected'), 'true');
      assert.equal(await page.locator('#inquiry').isHidden(), true);
      const form = page.locator('#proposal form');
      const email = newEmail('nadia');

      await form.getByLabel('Full name').fill('Nadia Farouk');
      await form.getByLabel('E-mail address').fill(email);
      await form.getByLabel('Phone number').fill('+971 4 555 0199');
      await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Desert Rose Bank');
      const country = form.getByLabel('Country');
      assert.equal(await country.getAttribute('autocomplete'), 'country-name');
      await country.fill('United Arab Emirates');
      await form.getByLabel('Company size').selectOption('250-999');
      assert.equal(
        await form.locator('select[name="companySize"] option:checked').innerText(),
        '250–999 employees',
      );
      await form.getByLabel('Timeline').selectOption('1-3-months');

      // Two services: one in the first group, open from the start, one in a closed group.
      const count = form.getByText(/^Services chosen: \d+$/);
      assert.equal(await count.innerText(), 'Services chosen: 0');
      await form.getByRole('checkbox', { name: 'Penetration Testing' }).check();
      const soc = form.locator('details').filter({ hasText: 'SOC Reports' });
      assert.equal(await soc.evaluate((details) => details.open), false);
      assert.equal(await form.getByRole('checkbox', { name: 'SOC 2' }).isVisible(), false);
      await soc.locator('summary').click();
      await form.getByRole('checkbox', { name: 'SOC 2' }).check();
      assert.equal(await count.innerText(), 'Services chosen: 2');
      assert.match(await soc.locator('summary').innerText(), /1 chosen/);

      // The preferred start, with the keyboard only: open the calendar, move, choose.
      const dateButton = form.locator('button[aria-haspopup="dialog"]');
      assert.equal(await dateButton.getAttribute('aria-label'), 'Choose date');
      await dateButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'gridcell');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      const chosenIso = await activeAttribute(page, 'data-date');
      const expectedIso = await page.evaluate(() => {
        const now = new Date();
        const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 8);
        const pad = (value) => String(value).padStart(2, '0');
        return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
      });
      assert.equal(chosenIso, expectedIso, 'a week down and a day on from today');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      const [year, month, day] = expectedIso.split('-');
      const dateInput = form.getByLabel('Preferred start date (optional)');
      assert.equal(await dateInput.inputValue(), `${month}/${day}/${year}`, 'MM/DD/YYYY');
      assert.match(await dateButton.getAttribute('aria-label'), /^Change date/);

      await form
        .getByLabel('About the work')
        .fill('An external penetration test and SOC 2 readiness before our audit in spring.');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Request a proposal' }).click();

      const done = page.locator('#proposal').getByRole('status').filter({ hasText: 'Thank you' });
      await done.waitFor();
      assert.match(await done.innerText(), /proposal/);
      assert.equal(await activeAttribute(page, 'role'), 'status', 'the success takes focus');

      // Marketing is told, with the services and the date as the server reads them.
      await waitForMail(email, /proposal/i);
      const notification = await notificationFor(email);
      assert.match(notification.text, /Request for proposal/);
      assert.match(
        notification.text,
        /Penetration Testing \(\/services\/cybersecurity-services\/penetration-testing\)/,
      );
      assert.match(notification.text, /SOC 2 \(\/compliance\/soc-reports\/soc-2\)/);
      assert.match(notification.text, new RegExp(`Preferred start: ${expectedIso}`));
      assert.match(notification.text, /Company size: 250-999/);
      assert.match(notification.text, /Timeline: 1-3-months/);
      assert.match(notification.text, /Country: United Arab Emirates/);
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('an empty proposal: the first field takes focus, the services error shows under the chooser', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/forms/')) posts++;
      });
      await page.goto(`${site.server.baseUrl}/forms`);
      await formsReached(page);
      const form = page.locator('#proposal form');
      const submit = form.getByRole('button', { name: 'Request a proposal' });
      await submit.click();
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('autocomplete') === 'name',
      );
      assert.equal(await form.getByLabel('Full name').getAttribute('aria-invalid'), 'true');
      const servicesError = form.getByText('Choose at least one service or standard.');
      await servicesError.waitFor();
      // Under the whole chooser, after its running count, not inside a group.
      assert.equal(await servicesError.evaluate((node) => !!node.closest('details')), false);
      assert.equal(
        await servicesError.evaluate(
          (node) => node.closest('fieldset')?.querySelector('legend')?.textContent,
        ),
        'Services and standards*',
      );
      assert.match(await form.innerText(), /Choose one of the options/);

      // Every other field right, the first group closed: its first box takes focus, shown.
      await form.getByLabel('Full name').fill('Yusuf Adel');
      await form.getByLabel('E-mail address').fill(newEmail('yusuf'));
      await form.getByLabel('Phone number').fill('+20 2 2555 0187');
      await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Nile Logistics');
      await form.getByLabel('Country').fill('Egypt');
      await form.getByLabel('Company size').selectOption('1000-4999');
      await form.getByLabel('Timeline').selectOption('exploring');
      await form.getByLabel('About the work').fill('ISO/IEC 27001 certification readiness.');
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      const firstGroup = form.locator('details').first();
      await firstGroup.locator('summary').click();
      assert.equal(await firstGroup.evaluate((details) => details.open), false);
      await submit.click();
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-invalid') === 'true',
      );
      assert.equal(
        await activeAttribute(page, 'value'),
        await form.locator('input[name="services"]').first().getAttribute('value'),
      );
      assert.equal(await firstGroup.evaluate((details) => details.open), true);
      const describedBy = await activeAttribute(page, 'aria-describedby');
      assert.equal(
        await page.locator(`[id="${describedBy}"]`).innerText(),
        'Choose at least one service or standard.',
      );
      assert.equal(posts, 0, 'nothing is sent while fields are at fault');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a general enquiry in Arabic on a phone, opened by #inquiry', async () => {
    const tab = await openPage(site.browser, { width: 375, height: 800 });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/ar/forms#inquiry`);
      await hydrated(page);
      const inquiryTab = page.getByRole('tab', { name: 'استفسار عام' });
      assert.equal(await inquiryTab.getAttribute('aria-selected'), 'true');
      assert.equal(
        await page.getByRole('tab', { name: 'طلب عرض' }).getAttribute('aria-selected'),
        'false',
      );
      assert.equal(await page.locator('#proposal').isHidden(), true);
      assert.equal(await page.locator('#inquiry').isVisible(), true);
      assert.equal(await horizontalOverflow(page), 0, 'no horizontal scrolling at 375 px');

      const form = page.locator('#inquiry form');
      const email = newEmail('huda');
      await form.locator('input[name="name"]').fill('هدى الشامي');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="subject"]').fill('التحدث في فعاليتكم القادمة');
      await form
        .locator('textarea[name="message"]')
        .fill('نود دعوة أحد مستشاريكم للحديث عن الامتثال لمعيار PCI DSS في مؤتمرنا.');
      await form.locator('input[name="consent"]').check();
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'أرسل الاستفسار' }).click();

      const done = page.locator('#inquiry').getByRole('status').filter({ hasText: 'شكرًا' });
      await done.waitFor();
      assert.match(await done.innerText(), ARABIC);
      assert.equal(await horizontalOverflow(page), 0, 'the success fits too');
      const notification = await notificationFor(email);
      assert.match(notification.text, /General inquiry/);
      assert.match(notification.text, /التحدث في فعاليتكم القادمة/);

      // "Send another" brings back an empty form.
      await page.getByRole('button', { name: 'أرسل استفسارًا آخر' }).click();
      assert.equal(await form.locator('input[name="subject"]').inputValue(), '');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('the call to action of a standard’s page chooses that standard in the proposal', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      const route = '/compliance/iso-standards/iso-27001';
      await page.goto(`${site.server.baseUrl}${route}`);
      await hydrated(page);
      const cta = page.getByRole('link', { name: 'Request a proposal' }).last();
      assert.equal(await cta.getAttribute('href'), `/forms#proposal${route}`);
      await Promise.all([page.waitForURL(/\/forms#proposal\//), cta.click()]);
      await hydrated(page);

      const form = page.locator('#proposal form');
      assert.equal(
        await page.getByRole('tab', { name: 'Request a proposal' }).getAttribute('aria-selected'),
        'true',
      );
      const box = form.getByRole('checkbox', { name: 'ISO/IEC 27001', exact: true });
      await page.waitForFunction(
        (value) => document.querySelector(`input[value="${value}"]`)?.checked === true,
        route,
      );
      assert.equal(await box.isVisible(), true, 'its group is open');
      assert.equal(
        await form.getByText(/^Services chosen: \d+$/).innerText(),
        'Services chosen: 1',
      );
      assert.match(
        await form
          .locator('details')
          .filter({ hasText: 'ISO Standards' })
          .locator('summary')
          .innerText(),
        /1 chosen/,
      );
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('without scripts a link that chose a service opens the proposal form at that service', async () => {
    const tab = await openPage(site.browser, { javaScriptEnabled: false });
    const { page } = tab;
    try {
      // Service and standard pages link to the proposal with themselves chosen; each such link
      // names an element of the one /forms page (its Arabic twin has the same ids).
      const html = await (await fetch(`${site.server.baseUrl}/forms`)).text();
      const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      const targets = [];
      for (const path of [
        '/services/cybersecurity-services/penetration-testing',
        '/compliance/soc-reports/soc-2',
        '/ar/compliance/iso-standards/iso-27001',
      ]) {
        const source = await (await fetch(site.server.baseUrl + path)).text();
        const links = [...source.matchAll(/href="(?:\/ar)?\/forms#([^"]+)"/g)];
        targets.push(...links.map((m) => decodeURI(m[1])));
      }
      assert.ok(targets.length >= 3, `links to the proposal: ${targets.length}`);
      for (const target of targets) assert.ok(ids.has(target), `#${target} names no element`);

      const route = '/compliance/pci-standards/pci-dss';
      await page.goto(`${site.server.baseUrl}/forms#proposal${route}`);
      const landed = await page.evaluate(() => {
        const target = document.querySelector(':target');
        if (!target) return null;
        const box = target.getBoundingClientRect();
        return {
          inProposal: !!target.closest('#proposal form'),
          box: target.querySelector('input')?.value,
          inView: box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight,
          scrolled: window.scrollY > 0,
        };
      });
      assert.deepEqual(landed, { inProposal: true, box: route, inView: true, scrolled: true });
      assert.equal(
        await page.locator('link[rel="canonical"]').getAttribute('href'),
        `${site.server.baseUrl}/forms`,
      );
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('the tabs follow the arrow keys, Home and End, mirrored in Arabic, and the hash', async () => {
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/forms`);
      await formsReached(page);
      const proposal = page.getByRole('tab', { name: 'Request a proposal' });
      const inquiry = page.getByRole('tab', { name: 'General enquiry' });
      await proposal.focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await activeAttribute(page, 'id'), 'inquiry-tab');
      assert.equal(await inquiry.getAttribute('aria-selected'), 'true');
      assert.equal(await inquiry.getAttribute('tabindex'), '0');
      assert.equal(await proposal.getAttribute('tabindex'), '-1');
      assert.equal(new URL(page.url()).hash, '#inquiry');
      assert.equal(await page.locator('#inquiry').isVisible(), true);
      assert.equal(await page.locator('#proposal').isHidden(), true);
      await page.keyboard.press('ArrowRight');
      assert.equal(await activeAttribute(page, 'id'), 'proposal-tab', 'wraps round');
      await page.keyboard.press('End');
      assert.equal(await activeAttribute(page, 'id'), 'inquiry-tab');
      await page.keyboard.press('Home');
      assert.equal(await activeAttribute(page, 'id'), 'proposal-tab');
      assert.equal(new URL(page.url()).hash, '#proposal');
      // Tab leaves the tab list for the panel.
      await page.keyboard.press('Tab');
      assert.equal(await activeAttribute(page, 'id'), 'proposal');

      await page.goto(`${site.server.baseUrl}/ar/forms`);
      await formsReached(page);
      await page.getByRole('tab', { name: 'طلب عرض' }).focus();
      await page.keyboard.press('ArrowLeft');
      assert.equal(await activeAttribute(page, 'id'), 'inquiry-tab', 'left is forward in Arabic');
      assert.equal(
        await page.getByRole('tab', { name: 'استفسار عام' }).getAttribute('aria-selected'),
        'true',
      );
      await page.keyboard.press('ArrowRight');
      assert.equal(await activeAttribute(page, 'id'), 'proposal-tab');
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('a signed-in visitor finds their name and e-mail filled in on both forms', async () => {
    const password = 'amber lighthouse quiet seven';
    const email = await confirmedAccount('Rania', 'Saleh', password);
    const tab = await openPage(site.browser);
    const { page } = tab;
    try {
      await logIn(page, email, password);

      await page.goto(`${site.server.baseUrl}/forms`);
      await hydrated(page);
      for (const id of ['proposal', 'inquiry']) {
        const form = page.locator(`#${id} form`);
        await valueArrives(form.locator('input[name="name"]'), 'Rania Saleh');
        assert.equal(await form.locator('input[name="name"]').inputValue(), 'Rania Saleh');
        assert.equal(await form.locator('input[name="email"]').inputValue(), email);
        assert.equal(await form.locator('textarea[name="message"]').inputValue(), '');
      }
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });

  test('without JavaScript both forms are there to read, one after the other', async () => {
    const tab = await openPage(site.browser, { javaScriptEnabled: false });
    const { page } = tab;
    try {
      await page.goto(`${site.server.baseUrl}/forms#inquiry`);
      assert.equal(await page.getByRole('tablist').count(), 0);
      assert.equal(await page.locator('#proposal').isVisible(), true);
      assert.equal(await page.locator('#inquiry').isVisible(), true);
      assert.equal(await page.getByRole('heading', { name: 'Send a general enquiry' }).count(), 1);
      assert.equal(
        await page.getByRole('link', { name: 'General enquiry' }).getAttribute('href'),
        '#inquiry',
      );
      tab.assertClean();
    } finally {
      await tab.close();
    }
  });
});
