// Two editors on two servers sharing one PostgreSQL database open the same news story: each sees
// the other within a heartbeat; one types and the other sees "unsaved changes", in the editor and
// on the content list; the second takes over and the first is told, with their text still in the
// form. Screenshots of the banner and the list marker in English and Arabic, light and dark, at
// 1280 and 375 px go to SHOTS_DIR when it is set. Runs when TEST_DATABASE_URL names a PostgreSQL
// database, in a schema of its own; skips otherwise.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { noAxeViolations, staffMember } from './staff.mjs';

const databaseUrl = process.env.TEST_DATABASE_URL;
const skip = databaseUrl
  ? false
  : 'TEST_DATABASE_URL is not set: the two-server test needs PostgreSQL';
const psql = (sql) =>
  promisify(execFile)('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', sql]);

const schema = `e2e_${randomBytes(6).toString('hex')}`;
const site = { server: undefined, other: undefined, browser: undefined };

before(async () => {
  if (skip) return;
  await psql(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('search_path', schema);
  const env = { DATABASE_URL: url.toString(), SECRET_KEY: randomBytes(32).toString('hex') };
  site.server = await startServer({ host: 'localhost', env });
  site.other = await startServer({
    host: 'localhost',
    env: { ...env, BASE_URL: site.server.baseUrl },
  });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.other?.stop();
  await site.server?.stop();
  if (!skip) await psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

const slug = 'cairo-office-moves-to-new-cairo';
const title = JSON.parse(
  readFileSync(
    new URL(`../../api/content/seed/collections/en/news/${slug}.json`, import.meta.url),
    'utf8',
  ),
).title;
const shots = process.env.SHOTS_DIR;

/** Screenshots of the page in English and Arabic, light and dark, at 1280 and 375 px. */
async function screenshots(page, name) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  // The language switch offers the language not shown.
  const showIn = async (lang) => {
    if ((await page.locator('html').getAttribute('lang')) === lang) return;
    await page.locator(`button[lang="${lang}"]`).click();
    await page.locator(`html[lang="${lang}"]`).waitFor();
  };
  for (const lang of ['en', 'ar']) {
    await showIn(lang);
    for (const theme of ['light', 'dark']) {
      if (!(await page.locator(`html.theme-${theme}`).count())) {
        await page.locator('header button[data-theme-switch]').click();
        await page.locator(`html.theme-${theme}`).waitFor();
      }
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await page.screenshot({ path: join(shots, `${name}-${lang}-${theme}-${width}.png`) });
      }
    }
  }
  await showIn('en');
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('two editors on the same item, on two servers', { skip }, () => {
  test('each sees the other, unsaved changes show, taking over tells the first', async () => {
    const layla = await staffMember(site, {
      email: 'layla@noorvale.example',
      name: 'Layla Haddad',
      role: 'editor',
    });
    const omar = await staffMember(site, {
      email: 'omar@noorvale.example',
      name: 'Omar Said',
      role: 'editor',
    });
    // Layla edits on the first server, Omar on the second (the sign-in cookie is the host's).
    await layla.page.goto(`${site.server.baseUrl}/admin/content/news/${slug}`);
    await layla.page.getByRole('button', { name: 'Save draft' }).waitFor();
    await omar.page.goto(`${site.other.baseUrl}/admin/content/news/${slug}`);
    await omar.page.getByRole('button', { name: 'Save draft' }).waitFor();

    // Each sees the other within a heartbeat.
    await omar.page.getByRole('img', { name: 'Layla Haddad is editing (English)' }).waitFor();
    await layla.page.getByRole('img', { name: 'Omar Said is editing (English)' }).waitFor();
    assert.equal(
      await omar.page.getByRole('button', { name: 'Take over' }).count(),
      0,
      'nothing to take over while nobody has unsaved changes',
    );

    // Layla types: Omar sees that she has unsaved changes.
    const laylaTitle = 'Our Cairo team moves to New Cairo, as Layla words it';
    await layla.page.getByLabel('Title', { exact: true }).fill(laylaTitle);
    await omar.page
      .getByRole('img', { name: 'Layla Haddad is editing (English), unsaved changes' })
      .waitFor();
    await omar.page.getByText('Layla Haddad has unsaved changes in this language.').waitFor();
    await noAxeViolations(omar.page, 'the banner');
    await screenshots(omar.page, 'banner');

    // The content list on the second server shows the marker on the story's row.
    const list = await omar.context.newPage();
    await list.goto(`${site.other.baseUrl}/admin/content?collection=news`);
    const row = list.locator(`li[data-slug="${slug}"]`);
    await row.getByRole('link', { name: title }).waitFor();
    await row
      .getByRole('img', { name: 'Layla Haddad is editing (English), unsaved changes' })
      .waitFor();
    await noAxeViolations(list, 'the list marker');
    await screenshots(list, 'list');
    await list.close();

    // Omar takes over, asked first; Layla is told, and her text stays in her form.
    await omar.page.getByRole('button', { name: 'Take over' }).click();
    const dialog = omar.page.getByRole('dialog', { name: 'Take over this language?' });
    await dialog.getByRole('button', { name: 'Take over' }).click();
    await omar.page
      .getByText('You took over this language. The others who had it open are told')
      .waitFor();
    await layla.page
      .getByRole('alert')
      .filter({ hasText: 'Omar Said took over this language' })
      .waitFor();
    await layla.page.getByText('Your unsaved changes are kept in this form').waitFor();
    assert.equal(await layla.page.getByLabel('Title', { exact: true }).inputValue(), laylaTitle);
    await noAxeViolations(layla.page, 'the taken-over banner');
    await screenshots(layla.page, 'taken-over');

    layla.assertClean();
    omar.assertClean();
  });
});
