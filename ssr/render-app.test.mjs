import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageProps, render, scriptHashes } from '../web/site/entry-server.tsx';
import { samplePageProps } from '../web/site/testing/sample-props.ts';
import { createCoverEncoder } from './encode-image.mjs';
import { createRenderApp } from './render-app.mjs';

const assets = { entry: '/assets/entry-client-x.js', css: ['/assets/x.css'], preload: [] };

/** @type {import('node:http').Server} */
let server;
let base = '';
/** @type {string[]} */
const logged = [];

beforeAll(async () => {
  const app = createRenderApp({
    render: (props, files) => {
      if (props.page.path === '/explode') throw new Error('boom');
      return render(props, files);
    },
    checkPageProps,
    scriptHashes,
    assetsFor: () => assets,
    log: (level, message) => logged.push(`${level} ${message}`),
  });
  await new Promise((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(() => new Promise((resolve) => server.close(() => resolve(undefined))));

/** @param {unknown} body */
const post = (body) =>
  fetch(`${base}/render`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('renderer HTTP', () => {
  it('answers health with the CSP hash of the inline script it writes', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const body = await health.json();
    expect(body.ok).toBe(true);

    const html = await (await post(samplePageProps({ route: '/' }))).text();
    const inline = [...html.matchAll(/<script>([^]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '', 'utf8')
      .digest('base64');
    expect(body.scriptHashes).toEqual([`sha256-${hash}`]);
  });

  it('renders a whole document with the language, direction and status of the props', async () => {
    const response = await post(samplePageProps({ route: '/about-us', locale: 'ar' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<script type="module" src="/assets/entry-client-x.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/x.css">');
  });

  it('answers 404 when the props say so', async () => {
    const response = await post(samplePageProps({ route: '/nowhere', locale: 'nl' }));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<meta name="robots" content="noindex">');
  });

  it('keeps hostile content inside the props script element', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const props = samplePageProps({ route: '/' });
    props.site = { ...props.site, tagline: hostile };
    const html = await (await post(props)).text();
    expect(html).not.toContain('<script>alert(1)');
    const json = /<script type="application\/json" id="page-props">([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json ?? '').props.site.tagline).toBe(hostile);
  });

  it('refuses malformed JSON, wrong shapes and other content types with 400', async () => {
    expect((await post('{"status":')).status).toBe(400);
    expect((await post({ status: 200 })).status).toBe(400);
    expect((await post([])).status).toBe(400);
    const text = await fetch(`${base}/render`, { method: 'POST', body: 'hello' });
    expect(text.status).toBe(400);
  });

  it('refuses bodies over the size limit', async () => {
    const props = samplePageProps({ route: '/' });
    props.site = { ...props.site, tagline: 'x'.repeat(1_100_000) };
    expect((await post(props)).status).toBe(413);
  });

  it('answers 500 when rendering throws, logs it, and keeps serving', async () => {
    const props = samplePageProps({ route: '/' });
    props.page = { ...props.page, path: '/explode' };
    const response = await post(props);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('boom');
    expect(logged.some((line) => line.startsWith('error') && line.includes('boom'))).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe('cover encoding beside rendering', () => {
  /** What a test does to each encoder child as it starts. */
  let onChild = (/** @type {import('node:child_process').ChildProcess} */ _child) => {};
  /** @type {import('node:http').Server} */
  let coverServer;
  let coverBase = '';

  beforeAll(async () => {
    const app = createRenderApp({
      render,
      checkPageProps,
      scriptHashes,
      assetsFor: () => assets,
      encodeCover: createCoverEncoder({ started: (child) => onChild(child) }),
    });
    await new Promise((resolve) => {
      coverServer = app.listen(0, '127.0.0.1', () => resolve(undefined));
    });
    const address = coverServer.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    coverBase = `http://127.0.0.1:${address.port}`;
  });

  afterAll(() => new Promise((resolve) => coverServer.close(() => resolve(undefined))));

  /** @param {Buffer} picture */
  const encode = (picture) =>
    fetch(`${coverBase}/encode-cover`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(picture),
    });
  const renderPage = () =>
    fetch(`${coverBase}/render`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(samplePageProps({ route: '/' })),
    });
  const photo = () =>
    sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0b3a66' } })
      .jpeg()
      .toBuffer();

  it('answers 200 with the files, 422 for an unreadable picture, 413 for too many pixels', async () => {
    const good = await encode(await photo());
    expect(good.status).toBe(200);
    expect((await good.json()).images).toHaveLength(7);
    expect((await encode((await photo()).subarray(0, 300))).status).toBe(422);
    // A PNG header that claims 10000 × 10000 pixels: refused before anything decodes it.
    const claiming = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.from('0000000d494844520000271000002710080200000000000000', 'hex'),
      Buffer.from('0000001049444154', 'hex'), // an IDAT chunk of 16 bytes that is never read
      Buffer.alloc(20),
    ]);
    expect((await encode(claiming)).status).toBe(413);
  });

  it('renders pages while a cover is encoded, and after its encoder dies', async () => {
    /** @type {(child: import('node:child_process').ChildProcess) => void} */
    let started = () => {};
    const child = new Promise((resolve) => (started = resolve));
    // The encoder is stopped as it starts: it holds its picture until the test kills it.
    onChild = (process) => {
      process.kill('SIGSTOP');
      started(process);
    };
    const encoding = encode(await photo());
    const stopped = /** @type {import('node:child_process').ChildProcess} */ (await child);
    onChild = () => {};

    const during = await renderPage();
    expect(during.status).toBe(200);
    expect(await during.text()).toContain('<html');
    expect([stopped.exitCode, stopped.signalCode]).toEqual([null, null]);

    stopped.kill('SIGKILL');
    const refused = await encoding;
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain('SIGKILL');
    expect((await renderPage()).status).toBe(200);
    expect((await encode(await photo())).status).toBe(200);
  });
});
