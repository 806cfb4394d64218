// Review before publishing, with two servers on one PostgreSQL database as two replicas behind one
// address. An administrator gives an editor and an Arabic translator the right to approve. An
// editor changes the penetration-testing page's English and sends it for review; the second
// editor finds it on the home screen, sees the change word by word and asks for changes; the
// author amends and sends it again; the reviewer approves it for a time just ahead, and the
// public page changes on both servers once it falls due. The Arabic is then outdated: the Arabic
// translator translates it and sends it, and the Arabic reviewer approves it. The server refuses
// a reviewer's own change and an English approval by the Arabic reviewer (403); a news story, which
// no rule covers, still publishes at once. The review panel passes axe in both languages, both
// themes and at 375 and 1280 px. Runs when TEST_DATABASE_URL names a PostgreSQL database; skips
// otherwise. With SHOTS_DIR set, it keeps screenshots of the panel and the rules there.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { replicasSkip as skip, until, useReplicas } from './harness.mjs';
import { noAxeViolations, staffCall as call, staffMember } from './staff.mjs';

const site = useReplicas();
const shots = process.env.SHOTS_DIR;

const route = '/services/cybersecurity-services/penetration-testing';
const editorPath = `/admin/content/pages/page?route=${encodeURIComponent(route)}`;
const api = `/api/admin/content/pages/page`;
const langPath = (locale, rest = '') =>
  `${api}/${locale}${rest}?route=${encodeURIComponent(route)}`;
const firstTitle = 'Penetration Testing by certified attackers';
const amendedTitle = 'Penetration Testing by certified testers';
const arabicTitle = 'اختبار الاختراق على أيدي مختبرين معتمدين';
const newsSlug = 'cairo-office-moves-to-new-cairo';
const newsTitle = 'The Cairo office moves to a larger floor in New Cairo';

/** The public page in a language on a server, as a visitor gets it. */
async function publicPage(server, locale) {
  const res = await fetch(`${server.baseUrl}${locale === 'en' ? '' : `/${locale}`}${route}`);
  assert.equal(res.status, 200);
  return res.text();
}

/** Polls both servers' public page in a language until each holds `text`. */
async function seenOnBoth(locale, text) {
  for (const server of [site.server, site.other]) {
    await until(async () => (await publicPage(server, locale)).includes(text));
  }
}

/** The newest saved version of a language, as the server says. */
async function latest(page, locale) {
  const { body } = await call(page, 'GET', langPath(locale, '/versions'));
  return body.data.versions[0].id;
}

/** Opens the page's editor in `locale` and waits for its review panel. */
async function openPage(page, locale) {
  await page.goto(new URL(editorPath, site.server.baseUrl).toString());
  await page.getByRole('button', { name: /Save draft|حفظ المسودة/ }).waitFor();
  const choice = page.getByLabel('Language to edit');
  if ((await choice.locator('option').count()) > 1) await choice.selectOption(locale);
  await page.locator('[data-review-panel]').waitFor();
}

/** Shows the back-office in a language and theme. */
async function look(page, lang, theme) {
  if ((await page.locator('html').getAttribute('lang')) !== lang) {
    await page.locator(`button[lang="${lang}"]`).click();
    await page.locator(`html[lang="${lang}"]`).waitFor();
  }
  const dark = await page.locator('html.theme-dark').count();
  if ((theme === 'dark') !== Boolean(dark)) {
    const name =
      theme === 'dark' ? /^(Dark theme|المظهر الداكن)$/ : /^(Light theme|المظهر الفاتح)$/;
    await page.getByRole('button', { name }).click();
  }
  await page.locator(`html[lang="${lang}"].theme-${theme}`).waitFor();
}

/**
 * Checks a screen with axe, and keeps its screenshot when asked, in both languages, both themes
 * and both widths; leaves the page in English, light, at 1280 px.
 */
async function everyLook(page, name, ready) {
  for (const lang of ['en', 'ar']) {
    for (const theme of ['light', 'dark']) {
      await look(page, lang, theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await ready.waitFor();
        await noAxeViolations(page, `${name}, ${lang} ${theme} ${width}`);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.screenshot({
            path: path.join(shots, `${name}-${lang}-${theme}-${width}.png`),
            fullPage: true,
          });
        }
      }
    }
  }
  await look(page, 'en', 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
}

const status = (page, text) => page.getByRole('status').filter({ hasText: text }).waitFor();

describe('review before publishing', { skip }, () => {
  test('send, ask for changes, approve for later; Arabic; refusals; news at once', async () => {
    const allow = [401, 403, 409];
    const admin = await staffMember(site, {
      email: 'amal@noorvale.example',
      name: 'Amal Saleh',
      role: 'administrator',
    });
    const author = await staffMember(site, {
      email: 'huda@noorvale.example',
      name: 'Huda Karim',
      role: 'editor',
      allowApiStatuses: allow,
    });
    const reviewer = await staffMember(site, {
      email: 'omar@noorvale.example',
      name: 'Omar Farouk',
      role: 'editor',
      allowApiStatuses: allow,
    });
    const translator = await staffMember(site, {
      email: 'rania@noorvale.example',
      name: 'Rania Haddad',
      role: 'translator',
      languages: ['ar'],
    });
    const arabicReviewer = await staffMember(site, {
      email: 'layla@noorvale.example',
      name: 'Layla Mansour',
      role: 'translator',
      languages: ['ar'],
      allowApiStatuses: allow,
    });

    // The administrator gives the right to approve, on the staff screen.
    const a = admin.page;
    await a.goto(new URL('/admin/staff', site.server.baseUrl).toString());
    for (const email of ['omar@noorvale.example', 'layla@noorvale.example']) {
      const card = a.locator(`[data-staff="${email}"]`);
      // The box follows the server: ticked once the right is saved.
      await card.getByLabel('May approve reviews').click();
      await card
        .getByRole('status')
        .filter({ hasText: 'The right to approve was saved.' })
        .waitFor();
      await card.locator('input[id^="approve-"]:checked').waitFor();
    }
    // The rules: services are reviewed in every language, news is not.
    await a.goto(new URL('/admin/review-rules', site.server.baseUrl).toString());
    const rule = a.locator('input[type="checkbox"]').first();
    await rule.waitFor();
    await everyLook(a, 'review-rules', rule);

    // The author changes the English and sends it for review; the server refuses a publication.
    const p = author.page;
    await openPage(p, 'en');
    assert.equal(await p.getByRole('button', { name: 'Publish', exact: true }).count(), 0);
    await p.locator('[name="title"]').fill(firstTitle);
    await p.getByRole('button', { name: 'Save draft' }).click();
    await status(p, 'Draft saved.');
    const direct = await call(p, 'POST', langPath('en', '/publish'), {
      version: await latest(p, 'en'),
    });
    assert.equal(direct.status, 409, 'a reviewed language is not published directly');
    const panel = p.locator('[data-review-panel]');
    await panel.getByLabel('Note for the reviewer (optional)').fill('New title for the campaign.');
    await panel.getByRole('button', { name: 'Send for review' }).click();
    await status(p, 'Sent for review. The reviewers have been told.');
    await p.locator('[data-review-panel][data-review-state="in-review"]').waitFor();
    await panel.getByText('Sent for review: another reviewer must approve it.').waitFor();
    await everyLook(p, 'review-author', panel);

    // The reviewer finds it on the home screen, sees the change word by word, asks for changes.
    const r = reviewer.page;
    await r.reload();
    await r.locator('[data-work-reviews]').getByText('Penetration Testing').first().waitFor();
    await openPage(r, 'en');
    const decision = r.locator('[data-review-decision]');
    await decision.locator('ins').filter({ hasText: 'attackers' }).first().waitFor();
    await r.locator('[data-review-panel]').getByText('New title for the campaign.').waitFor();
    await everyLook(r, 'review-reviewer', decision);
    await decision.getByLabel(/^Comment for the author/).fill('Say testers, not attackers.');
    await decision.getByRole('button', { name: 'Ask for changes' }).click();
    await status(r, 'Sent back to its author with your comment.');

    // The author reads the comment, amends and sends it again.
    await openPage(p, 'en');
    await p.locator('[data-review-panel][data-review-state="changes-requested"]').waitFor();
    await panel.getByText('Say testers, not attackers.').waitFor();
    await p.locator('[name="title"]').fill(amendedTitle);
    await p.getByRole('button', { name: 'Save draft' }).click();
    await status(p, 'Draft saved.');
    await panel.getByRole('button', { name: 'Send for review' }).click();
    await status(p, 'Sent for review. The reviewers have been told.');

    // The reviewer approves it for a time a few seconds ahead, in the browser's time zone; the
    // page is not public before it, and both servers show it after it.
    await openPage(r, 'en');
    await decision.locator('ins').filter({ hasText: 'testers' }).first().waitFor();
    const at = await r.evaluate(() => {
      const d = new Date(Date.now() + 15_000);
      const pad = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    });
    await decision.getByLabel('Publish at (optional)').fill(at);
    await decision.getByRole('button', { name: 'Approve' }).click();
    await status(r, 'Approved. It is published at the time planned.');
    assert.ok(!(await publicPage(site.other, 'en')).includes(amendedTitle), 'not before its time');
    const started = Date.now();
    await seenOnBoth('en', amendedTitle);
    console.log(`approved for later → public on both servers: ${Date.now() - started} ms`);

    // The versions keep who sent, who asked for changes and who approved, with the comments.
    await openPage(p, 'en');
    const history = p.locator('[data-review-history]');
    await history.locator('[data-review-step="approved"]').getByText('Omar Farouk').waitFor();
    await history
      .locator('[data-review-step="changes-requested"]')
      .getByText('Say testers, not attackers.')
      .waitFor();
    assert.equal(await history.locator('[data-review-step="sent"]').count(), 2);

    // The Arabic is outdated; the translator translates it and sends it for review.
    const tr = translator.page;
    await openPage(tr, 'ar');
    await tr.locator('[data-locale="ar"][data-outdated]').first().waitFor();
    await tr.locator('[name="title"]').fill(arabicTitle);
    await tr.getByRole('button', { name: 'Save draft' }).click();
    await status(tr, 'Draft saved.');
    await tr
      .locator('[data-review-panel]')
      .getByRole('button', { name: 'Send for review' })
      .click();
    await status(tr, 'Sent for review. The reviewers have been told.');

    // The Arabic reviewer may not approve English: the server says 403.
    const l = arabicReviewer.page;
    await openPage(l, 'ar');
    const english = await call(l, 'POST', langPath('en', '/approve'), {
      version: await latest(l, 'en'),
      comment: '',
    });
    assert.equal(english.status, 403, 'an Arabic reviewer does not approve English');
    // The Arabic reviewer approves the Arabic at once; both servers show it.
    const arabicDecision = l.locator('[data-review-decision]');
    await arabicDecision.locator('ins').first().waitFor();
    await arabicDecision.getByRole('button', { name: 'Approve' }).click();
    await status(l, 'Approved and published. The site shows it in this language within seconds.');
    await seenOnBoth('ar', arabicTitle);

    // A reviewer may not approve a change of their own.
    await openPage(r, 'en');
    await r.locator('[name="title"]').fill(`${amendedTitle} and engineers`);
    await r.getByRole('button', { name: 'Save draft' }).click();
    await status(r, 'Draft saved.');
    await r.locator('[data-review-panel]').getByRole('button', { name: 'Send for review' }).click();
    await status(r, 'Sent for review. The reviewers have been told.');
    assert.equal(await r.locator('[data-review-decision]').count(), 0, 'no decision of one’s own');
    const own = await call(r, 'POST', langPath('en', '/approve'), {
      version: await latest(r, 'en'),
      comment: '',
    });
    assert.equal(own.status, 403, 'nobody approves their own change');
    assert.match(own.body.message, /another reviewer/);

    // A news story, which no rule covers, publishes at once.
    await p.goto(new URL(`/admin/content/news/${newsSlug}`, site.server.baseUrl).toString());
    await p.locator('[name="title"]').fill(newsTitle);
    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    await status(p, 'Published. The site shows it in this language within seconds.');
    await until(async () =>
      (await (await fetch(`${site.other.baseUrl}/resources/news/${newsSlug}`)).text()).includes(
        newsTitle,
      ),
    );

    for (const tab of [admin, author, reviewer, translator, arabicReviewer]) {
      tab.assertClean();
      await tab.close();
    }
  });
});
