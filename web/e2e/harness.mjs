// Starts the real server (Go + its Node renderer) on a port it chooses, with a fresh
// SQLite database, and opens headless Chromium pages that fail the test on any
// console error, page error or Content-Security-Policy violation.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { assertNodeVersion } from '../../ssr/node-version.mjs';

// The browser tests' runner is the Node the project supports, as the server it starts inherits its PATH.
assertNodeVersion();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The fields of a line the server logged, as JSON or as slog's key=value text. */
export function logFields(line) {
  if (line.startsWith('{')) {
    try {
      return JSON.parse(line);
    } catch {
      return {};
    }
  }
  const fields = {};
  for (const [, key, raw] of line.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    fields[key] = raw.startsWith('"') ? JSON.parse(raw) : raw;
  }
  return fields;
}

/**
 * Resolves to the fields of the server's "listening" line once it logs it, so that the port it
 * bound (PORT=0: the system's choice) passes to no other process first; rejects when it exits.
 */
function listening(child, logs) {
  return new Promise((resolve, reject) => {
    let partial = '';
    const onData = (d) => {
      logs.push(String(d));
      partial += String(d);
      const lines = partial.split('\n');
      partial = lines.pop();
      for (const line of lines) {
        const fields = logFields(line);
        if (fields.msg === 'listening') resolve(fields);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited with code ${code} before it listened\n${logs.join('')}`)),
    );
  });
}

async function waitReady(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // The renderer is not up yet.
    }
    await new Promise((r) => setTimeout(r, 100)); // polling /readyz, the server's own signal
  }
}

/**
 * Starts bin/server; returns { baseUrl, stop, logs, command }. `development: true` runs it with
 * APP_ENV=development, which keeps the e-mail it sends in the outbox at /dev/mail. `host` names
 * the server in its address: `localhost` is a secure context (passkeys need one), 127.0.0.1 is
 * not. `env` adds settings. `command(args)` runs another bin/server command on the same data and
 * resolves to its standard output.
 */
export async function startServer({
  development = false,
  host = '127.0.0.1',
  env: extra = {},
} = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noorvale-e2e-'));
  const logs = [];
  const env = {
    ...process.env,
    PORT: '0',
    BASE_URL: `http://${host}:0`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_ENV: development ? 'development' : 'production',
    SMTP_URL: '',
    // Every test posts its forms from this one address: the captcha's work stays at its usual level.
    CAPTCHA_SURGE_AFTER: '0',
    ...extra,
  };
  const child = spawn(path.join(root, 'bin/server'), ['serve'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test file ended by the runner's guard leaves no server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let baseUrl;
  try {
    const fields = await listening(child, logs);
    const port = fields.addr.slice(fields.addr.lastIndexOf(':') + 1);
    // The address the browser uses: BASE_URL's host (localhost is a secure context) on that port.
    baseUrl = `http://${host}:${port}`;
    env.PORT = port;
    env.BASE_URL = fields.base_url;
    await waitReady(`${baseUrl}/readyz`, child);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${err.message}\n${logs.join('')}`, { cause: err });
  }
  return {
    baseUrl,
    logs,
    command: (args) =>
      new Promise((resolve, reject) => {
        execFile(path.join(root, 'bin/server'), args, { cwd: root, env }, (err, stdout, stderr) =>
          err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
        );
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The longest any one wait of a test for the page (an element, a navigation, a function) may
 * take: a guard against a product that never gets there, far above what a machine busy with
 * other work takes, not a measure of speed.
 */
export const WAIT_GUARD = 300_000;

/** Launches Debian's Chromium. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * Opens a page that records every console error or warning, page error and
 * CSP violation; call `assertClean()` at the end of the test.
 */
export async function openPage(
  browser,
  { width = 1280, height = 800, javaScriptEnabled = true, storage, allowApiStatuses = [] } = {},
) {
  const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
  if (storage) {
    await context.addInitScript((entries) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, storage);
  }
  context.setDefaultTimeout(WAIT_GUARD);
  context.setDefaultNavigationTimeout(WAIT_GUARD);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    // Chromium reports a page that answers 404 as a failed load of the document
    // itself; that is the page's status, asserted by the tests, not a fault.
    const own = msg.location().url === page.url() && /status of 404/.test(msg.text());
    // An API answer a test provokes on purpose (a wrong password is a 401) is not a fault.
    const status = /status of (\d{3})/.exec(msg.text())?.[1];
    const expected =
      status &&
      allowApiStatuses.includes(Number(status)) &&
      new URL(msg.location().url || 'about:blank', 'http://x').pathname.startsWith('/api/');
    if (!own && !expected) problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  return {
    page,
    context,
    problems,
    assertClean() {
      if (problems.length) throw new Error(`browser reported problems:\n${problems.join('\n')}`);
    },
    close: () => context.close(),
  };
}

/**
 * Resolves once the element `locator` finds has `name="value"`, checked as the page draws
 * frames; fails with the test's own timeout otherwise.
 * @param {import('playwright').Locator} locator
 * @param {string} name
 * @param {string} value
 */
export async function untilAttribute(locator, name, value) {
  const element = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction(([el, n, v]) => el?.getAttribute(n) === v, [element, name, value], {
      timeout: 0,
    });
}

/** Makes every page of `context` add up its layout shifts from the first paint on, as Chromium reports them. */
export function recordLayoutShift(context) {
  return context.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift a page recorded with recordLayoutShift has added up so far. */
export const layoutShift = (page) => page.evaluate(() => window.layoutShift);

/**
 * Starts the server and Chromium before the file's tests and stops both after
 * them; the returned object's `server` and `browser` are set once started.
 */
export function useSiteAndBrowser(serverOptions = {}) {
  const site = { server: undefined, browser: undefined };
  before(async () => {
    site.server = await startServer(serverOptions);
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/**
 * Why a test of two servers sharing PostgreSQL skips, or false when TEST_DATABASE_URL names the
 * database it runs on.
 */
export const replicasSkip = process.env.TEST_DATABASE_URL
  ? false
  : 'TEST_DATABASE_URL is not set: the two-server test needs PostgreSQL';

/**
 * Starts two servers on one PostgreSQL database, in a schema of their own, as two replicas behind
 * one address, and Chromium, before the file's tests, and stops them and drops the schema after
 * them. The first server migrates, seeds and renders the site; the second, started after it with
 * the first's address as its public one, loads the documents it stored. The returned object's
 * `server`, `other` and `browser` are set once started; nothing starts when `replicasSkip` is set.
 */
export function useReplicas() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const psql = (sql) =>
    promisify(execFile)('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const site = { server: undefined, other: undefined, browser: undefined };
  before(async () => {
    if (replicasSkip) return;
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
    if (!replicasSkip) await psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });
  return site;
}

/** The resource and career lists whose first item stands for its template. */
export const itemLists = [
  '/resources/news',
  '/resources/blogs',
  '/resources/publications',
  '/resources/webinars',
  '/careers/jop-vacancies',
];

/** The path of the first item a list page links to, in the list's language. */
export async function firstItemPath(baseUrl, listPath) {
  const html = await (await fetch(baseUrl + listPath)).text();
  const match = html.match(new RegExp(`href="(${listPath}/[a-z0-9-]+)"`));
  if (!match) throw new Error(`${listPath} links to no item`);
  return match[1];
}

/**
 * Calls `check` every 100 ms until it resolves to a truthy value, and resolves to that value. It
 * waits for the server's own state (an outbox entry, a published page) and has no clock limit of
 * its own: the test runner's guard ends a wait that never ends.
 */
export async function until(check) {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling, not a sleep
  }
}

/** Waits until the public page at `path` holds `text`, asking for it as a visitor would. */
export async function untilServed(baseUrl, path, text) {
  await until(async () => (await (await fetch(`${baseUrl}${path}`)).text()).includes(text));
}

/**
 * How far the page scrolls sideways, in pixels, and when it does, the elements that reach past
 * the viewport's edge (tag, id or class, and width), widest first, so a failure names its cause.
 */
export async function sidewaysScroll(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const px = root.scrollWidth - root.clientWidth;
    if (px === 0) return { px, culprits: '' };
    const width = root.clientWidth;
    const name = (el) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
          : ''
      }`;
    const past = [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > width + 1 || box.left < -1))
      .sort((a, b) => b.box.width - a.box.width)
      .slice(0, 6)
      .map(({ el, box }) => `${name(el)} ${Math.round(box.width)}px`);
    return { px, culprits: past.join('; ') };
  });
}

/** Fails unless the page fits its viewport's width, naming what reaches past it when it does not. */
export async function assertFits(page, message) {
  const { px, culprits } = await sidewaysScroll(page);
  if (px !== 0) throw new Error(`${message}: ${px} px sideways scroll (${culprits})`);
}
