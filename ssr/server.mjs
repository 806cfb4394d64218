// The renderer process Go supervises: `node ssr/server.mjs` from the repository root.
// It listens on the unix socket in RENDER_SOCKET (or, for local debugging, on 127.0.0.1 at
// PORT_RENDER), and exits when its stdin closes, so it never outlives the Go process.
import { existsSync, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCoverEncoder } from './encode-image.mjs';
import { assetsFromManifest } from './manifest.mjs';
import { nodeVersionProblem } from './node-version.mjs';
import { createRenderApp } from './render-app.mjs';

const levels = { debug: 10, info: 20, error: 40 };
const threshold = levels[/** @type {keyof typeof levels} */ (process.env.LOG_LEVEL)] ?? levels.info;

/** @param {'debug' | 'info' | 'error'} level @param {string} message */
function log(level, message) {
  if (levels[level] < threshold) return;
  const line = `renderer level=${level} ${message.replaceAll('\n', ' | ')}\n`;
  (level === 'error' ? process.stderr : process.stdout).write(line);
}

const nodeProblem = nodeVersionProblem();
if (nodeProblem) {
  log('error', `${nodeProblem} (NODE_BIN names the Node.js the server starts)`);
  process.exit(2);
}

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const entry = await import(pathToFileURL(join(distDir, 'server', 'entry-server.js')).href);
const manifest = JSON.parse(
  readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8'),
);
/**
 * The assets with the text of their stylesheets, which the page then carries inline so that its
 * first paint waits for no other request (the Go server allows them by their hashes). A
 * stylesheet that could end the element early stays a link.
 * @param {import('./manifest.mjs').Assets} assets
 */
function withStyles(assets) {
  const styles = assets.css.map((href) => readFileSync(join(distDir, 'client', href), 'utf8'));
  return styles.some((text) => /<\/style/i.test(text)) ? assets : { ...assets, styles };
}
/** @type {Map<string, import('./manifest.mjs').Assets>} */
const assetsByKind = new Map();
/** @param {any} props */
function assetsFor(props) {
  const kind = props.page?.kind;
  let assets = assetsByKind.get(kind);
  if (!assets) {
    assets = withStyles(assetsFromManifest(manifest, entry.clientModules(kind)));
    assetsByKind.set(kind, assets);
  }
  return assets;
}
// Covers staff upload are encoded by sharp in a child process each, under a memory limit: this
// process never loads libvips.
const encodeCover = createCoverEncoder({
  started: (child) => log('debug', `cover encoder started pid=${child.pid}`),
});
const app = createRenderApp({
  render: entry.render,
  checkPageProps: entry.checkPageProps,
  scriptHashes: entry.scriptHashes,
  assetsFor,
  log,
  encodeCover,
});

const socketPath = process.env.RENDER_SOCKET;
const port = process.env.PORT_RENDER;
if (!socketPath && !port) {
  log('error', 'set RENDER_SOCKET (unix socket path) or PORT_RENDER (loopback port)');
  process.exit(2);
}

if (socketPath && existsSync(socketPath)) {
  // A socket left behind by a renderer that was killed would make listen fail with EADDRINUSE.
  if (!lstatSync(socketPath).isSocket()) {
    log('error', `RENDER_SOCKET ${socketPath} exists and is not a socket`);
    process.exit(2);
  }
  unlinkSync(socketPath);
}

const server = socketPath
  ? app.listen(socketPath, () =>
      log('info', `listening socket=${socketPath} node=${process.version}`),
    )
  : app.listen(Number(port), '127.0.0.1', () =>
      log('info', `listening port=${port} node=${process.version}`),
    );

server.on('error', (error) => {
  log('error', `listen failed: ${error.message}`);
  process.exit(1);
});

let stopping = false;
/** @param {string} reason */
function shutdown(reason) {
  if (stopping) return;
  stopping = true;
  log('info', `stopping reason=${reason}`);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  // Idle keep-alive connections are closed above; a render in flight gets a moment to finish.
  setTimeout(() => process.exit(0), 2000).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
process.stdin.on('end', () => shutdown('stdin closed'));
process.stdin.on('error', () => shutdown('stdin error'));
process.stdin.resume();
