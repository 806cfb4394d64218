import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageProps, render, scriptHashes } from '../web/src/entry-server.tsx';
import { samplePageProps } from '../web/src/testing/sample-props.ts';
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
