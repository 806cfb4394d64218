// What the back-office's browser tests share: staff who join with a passkey held by Chromium's
// virtual authenticator, and forms sent to the public site's API with the captcha solved here,
// as a visitor's browser would.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { openPage } from './harness.mjs';

/** Gives a page's browser a virtual passkey authenticator that says yes at once. */
export async function withAuthenticator(tab) {
  const cdp = await tab.context.newCDPSession(tab.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Saves the recovery codes screen's codes and goes on to the home screen. */
export async function keepRecoveryCodes(page) {
  await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
  const codes = await page
    .getByRole('list', { name: 'Your recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  assert.equal(codes.length, 10);
  for (const code of codes) assert.match(code, /^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  return codes;
}

/**
 * Invites `email` with `role` (and `office`, or a translator's `languages`) from the command line and has them join in a
 * browser of their own with a passkey; resolves to their tab, signed in on the home screen, with
 * its authenticator as `tab.authenticator` ({ cdp, authenticatorId }).
 */
export async function staffMember(
  site,
  {
    email,
    name,
    role,
    office,
    languages,
    width = 1280,
    height = 800,
    allowApiStatuses = [401, 403],
  },
) {
  const args = ['staff', 'invite', '--email', email, '--role', role];
  if (office) args.push('--office', office);
  if (languages) args.push('--languages', languages.join(','));
  const out = await site.server.command(args);
  const link = out.match(/http:\/\/localhost:\d+\/admin\/join#[A-Za-z0-9_-]{43}/)?.[0];
  assert.ok(link, `the command printed no link: ${out}`);
  const tab = await openPage(site.browser, { width, height, allowApiStatuses });
  // The authenticator stays reachable, for a test that acts on the passkey it holds.
  tab.authenticator = await withAuthenticator(tab);
  const { page } = tab;
  await page.goto(link);
  await page.getByRole('heading', { name: 'Join the back-office' }).waitFor();
  await page.getByText(email).waitFor();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(`${name} keeps a long passphrase`);
  await page.getByLabel('Repeat the password').fill(`${name} keeps a long passphrase`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await keepRecoveryCodes(page);
  await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
  return tab;
}

/** Solves the site's proof-of-work captcha as its widget does, and returns the token. */
export async function captchaToken(baseUrl) {
  const res = await fetch(`${baseUrl}/api/captcha/challenge`);
  const { data } = await res.json();
  const { challenge } = data;
  for (let n = 0; n <= challenge.maxnumber; n++) {
    const hash = createHash('sha256').update(`${challenge.salt}${n}`).digest('hex');
    if (hash === challenge.challenge) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: n,
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('the captcha has no solution');
}

/**
 * Sends a public form (`path` under /api/forms) with `fields`, consent and a solved captcha; a
 * `cv` ({ name, type, data }) makes it a multipart job application. Resolves to the envelope.
 */
export async function sendForm(baseUrl, path, fields, { cv, lang = 'en' } = {}) {
  const captcha = await captchaToken(baseUrl);
  let init;
  if (cv) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('consent', 'true');
    form.append('captcha', captcha);
    form.append('cv', new Blob([cv.data], { type: cv.type }), cv.name);
    init = { method: 'POST', body: form };
  } else {
    init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...fields, consent: true, captcha }),
    };
  }
  const res = await fetch(`${baseUrl}/api/forms/${path}?lang=${lang}`, init);
  const body = await res.json();
  assert.equal(res.status, 200, `${path}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Fails, naming each rule and element, when axe finds any violation on the page as it is. A
 * content preview's frame is left out: its sandbox lets no script run in it, axe's included (it
 * would wait for the frame forever), and the public pages it shows are checked on their own.
 */
export async function noAxeViolations(page, what) {
  const { violations } = await new AxeBuilder({ page })
    .exclude('iframe[data-preview-frame]')
    .analyze();
  assert.deepEqual(
    violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

/** Saves the open item's draft and publishes it, waiting for the back-office to say each. */
export async function saveAndPublish(page) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Draft saved. The site shows it once it is published.' })
    .waitFor();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Published. The site shows it in this language within seconds.' })
    .waitFor();
}

/** The media library's answer to a search, read with the staff member's own session. */
export const listedMedia = (page, q) =>
  page.evaluate(async (query) => {
    const res = await fetch(`/api/admin/media?q=${encodeURIComponent(query)}`);
    return (await res.json()).data.items;
  }, q);

/** Clicks `target` and resolves to the file the browser downloads, as text. */
export async function download(page, target) {
  const [file] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** A staff member's call to the back-office's API from their own browser: its status and body. */
export function staffCall(page, method, url, body) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    },
    { method, url, body },
  );
}
