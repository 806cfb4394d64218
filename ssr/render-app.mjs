import express from 'express';
import { EncoderBusy, OverBudget, RefusedImage } from './encode-image.mjs';

/**
 * @typedef {import('./manifest.mjs').Assets} Assets
 * @typedef {{
 *   render: (props: any, assets: Assets) => string,
 *   checkPageProps: (value: unknown) => string | null,
 *   scriptHashes: string[],
 *   assetsFor: (props: any) => Assets,
 *   log?: (level: 'info' | 'debug' | 'error', message: string) => void,
 *   encodeCover?: import('./encode-image.mjs').CoverEncoder,
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
  encodeCover,
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

  if (encodeCover) {
    // An uploaded picture in, its encoded files out (ssr/encode-image.mjs); Go checked it first.
    // The encoding runs in a child process: this one goes on answering pages meanwhile. A cover
    // is cut to its frame; a library picture keeps its whole frame at several widths.
    /** @type {[string, import('./encode-image.mjs').Profile][]} */
    const routes = [
      ['/encode-cover', 'cover'],
      ['/encode-library', 'library'],
    ];
    for (const [path, profile] of routes) {
      app.post(
        path,
        express.raw({ type: 'application/octet-stream', limit: '16mb' }),
        async (req, res) => {
          if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
            res.status(400).type('text/plain').send('no picture\n');
            return;
          }
          // Go gave up (its timeout, or the uploader left): so does the encoder.
          const gone = new AbortController();
          res.on('close', () => {
            if (!res.writableFinished) gone.abort();
          });
          const started = performance.now();
          try {
            const { images, peakRSS } = await encodeCover(req.body, gone.signal, profile);
            const ms = (performance.now() - started).toFixed(0);
            const peak = (peakRSS / 1048576).toFixed(0);
            log(
              'info',
              `encoded ${profile} files=${images.length} ms=${ms} encoder_peak_mib=${peak}`,
            );
            res.json({
              images: images.map(({ data, ...file }) => ({
                ...file,
                data: data.toString('base64'),
              })),
              peakRSS,
            });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (error instanceof OverBudget) {
              log('info', `${profile} over budget: ${message}`);
              res.status(413).type('text/plain').send(`${message}\n`);
              return;
            }
            if (error instanceof RefusedImage) {
              log('info', `${profile} refused: ${message}`);
              res.status(422).type('text/plain').send(`${message}\n`);
              return;
            }
            if (error instanceof EncoderBusy) {
              log('info', `${profile} not encoded: ${message}`);
              res.status(503).type('text/plain').send(`${message}\n`);
              return;
            }
            log('error', `${profile} encoding failed: ${message}`);
            res.status(500).type('text/plain').send('encoding failed\n');
          }
        },
      );
    }
  }

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
