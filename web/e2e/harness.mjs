// Starts the real server (Go + its Node renderer) on a free port with a fresh
// SQLite database, and opens headless Chromium pages that fail the test on any
// console error, page error or Content-Security-Policy violation.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready at ${url} within ${timeoutMs} ms`);
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
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noorvale-e2e-'));
  const baseUrl = `http://${host}:${port}`;
  const logs = [];
  const env = {
    ...process.env,
    PORT: String(port),
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_ENV: development ? 'development' : 'production',
    SMTP_URL: '',
    ...extra,
  };
  const child = spawn(path.join(root, 'bin/server'), ['serve'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  try {
    await waitReady(`${baseUrl}/readyz`, child, 300_000);
  } catch (err) {
    child.kill('SIGKILL');
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
