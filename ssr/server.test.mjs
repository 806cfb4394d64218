import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const serverScript = resolve(import.meta.dirname, 'server.mjs');

// A stand-in build, so the process can be tested without running Vite first.
const fakeEntry = `
export const scriptHashes = ['sha256-fake'];
export function clientModules() {
  return { entry: 'site/entry-client.tsx' };
}
export function checkPageProps(value) {
  return value && (value.status === 200 || value.status === 404) ? null : 'bad status';
}
export function render(props, assets) {
  return '<!doctype html><title>' + props.status + '</title><style>' + assets.styles?.join('') + '</style><script type="module" src="' + assets.entry + '"></script>';
}
`;
const fakeManifest = {
  'site/entry-client.tsx': {
    file: 'assets/entry-client-1.js',
    isEntry: true,
    css: ['assets/e.css'],
  },
};

/** @type {string} */
let dir;
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'renderer-'));
  await mkdir(join(dir, 'dist', 'server'), { recursive: true });
  await mkdir(join(dir, 'dist', 'client', '.vite'), { recursive: true });
  await writeFile(join(dir, 'dist', 'server', 'entry-server.js'), fakeEntry);
  await writeFile(
    join(dir, 'dist', 'client', '.vite', 'manifest.json'),
    JSON.stringify(fakeManifest),
  );
  await mkdir(join(dir, 'dist', 'client', 'assets'));
  await writeFile(join(dir, 'dist', 'client', 'assets', 'e.css'), 'body{margin:0}');
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** @param {string} socket */
function startRenderer(socket) {
  const child = spawn(process.execPath, [serverScript], {
    env: { ...process.env, DIST_DIR: join(dir, 'dist'), RENDER_SOCKET: socket, LOG_LEVEL: 'info' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * @param {string} socket
 * @param {string} method
 * @param {string} path
 * @param {string} [body]
 * @returns {Promise<{ status: number, body: string }>}
 */
function call(socket, method, path, body) {
  return new Promise((done, fail) => {
    const req = request(
      { socketPath: socket, method, path, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** @param {string} socket */
async function waitForHealth(socket) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      return await call(socket, 'GET', '/healthz');
    } catch {
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  throw new Error('renderer did not become healthy');
}

describe('ssr/server.mjs', () => {
  it('serves health and renders over its unix socket, then exits when stdin closes', async () => {
    const socket = join(dir, 'render.sock');
    const { child } = startRenderer(socket);
    const health = await waitForHealth(socket);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true, scriptHashes: ['sha256-fake'] });

    const page = await call(socket, 'POST', '/render', JSON.stringify({ status: 404 }));
    expect(page.status).toBe(404);
    expect(page.body).toContain('src="/assets/entry-client-1.js"');
    // The stylesheet's text, for the page to carry inline.
    expect(page.body).toContain('<style>body{margin:0}</style>');
    expect((await call(socket, 'POST', '/render', '{"status":1}')).status).toBe(400);

    child.stdin?.end();
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('replaces a socket left behind by a killed renderer', async () => {
    const socket = join(dir, 'stale.sock');
    const squatter = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socket)})`,
    ]);
    children.push(squatter);
    while (!existsSync(socket)) await new Promise((wait) => setTimeout(wait, 20));
    squatter.kill('SIGKILL');
    await once(squatter, 'exit');
    expect(existsSync(socket)).toBe(true);

    startRenderer(socket);
    expect((await waitForHealth(socket)).status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    const socket = join(dir, 'term.sock');
    const { child, output } = startRenderer(socket);
    await waitForHealth(socket);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output()).toContain('stopping reason=SIGTERM');
  });

  it('will not delete a file at the socket path that is not a socket', async () => {
    const socket = join(dir, 'not-a-socket');
    await writeFile(socket, 'keep me');
    const { child } = startRenderer(socket);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(existsSync(socket)).toBe(true);
  });
});
