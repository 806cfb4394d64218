import express from 'express';

/**
 * @typedef {import('./manifest.mjs').Assets} Assets
 * @typedef {{
 *   render: (props: any, assets: Assets) => string,
 *   checkPageProps: (value: unknown) => string | null,
 *   scriptHashes: string[],
 *   assetsFor: (props: any) => Assets,
 *   log?: (level: 'info' | 'debug' | 'error', message: string) => void,
 * }} RenderAppOptions
 */

/**
 * The HTTP face of the renderer: health with the CSP hashes, and props in, document out.
 * @param {RenderAppOptions} options
 */
export function createRenderApp({
  render,
  checkPageProps,
  scriptHashes,
  assetsFor,
  log = () => {},
}) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, scriptHashes });
  });

  app.post('/render', express.json({ limit: '1mb', strict: true }), (req, res) => {
    const problem = checkPageProps(req.body);
    if (problem) {
      log('info', `render rejected: ${problem}`);
      res.status(400).type('text/plain').send(`bad props: ${problem}\n`);
      return;
    }
    const started = performance.now();
    let html;
    try {
      html = render(req.body, assetsFor(req.body));
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log('error', `render failed path=${req.body.page?.path}: ${detail}`);
      res.status(500).type('text/plain').send('render failed\n');
      return;
    }
    const ms = (performance.now() - started).toFixed(1);
    log('debug', `rendered status=${req.body.status} path=${req.body.page?.path} ms=${ms}`);
    res.status(req.body.status).type('text/html; charset=utf-8').send(html);
  });

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('not found\n');
  });

  // Body parser failures (malformed JSON, too large) arrive here with their own status.
  app.use(
    /**
     * @param {any} error
     * @param {import('express').Request} _req
     * @param {import('express').Response} res
     * @param {import('express').NextFunction} _next
     */
    (error, _req, res, _next) => {
      const status =
        typeof error?.status === 'number' && error.status >= 400 && error.status < 500
          ? error.status
          : 500;
      log(status === 500 ? 'error' : 'info', `request failed status=${status}: ${error?.message}`);
      res
        .status(status)
        .type('text/plain')
        .send(status === 500 ? 'internal error\n' : 'bad request\n');
    },
  );

  return app;
}
