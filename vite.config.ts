/// <reference types="vitest/config" />
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { assertNodeVersion } from './ssr/node-version.mjs';
import { subsetFontsPlugin } from './ssr/subset-fonts.mjs';
import { siteImages } from './web/vite/site-images.ts';

// The build and the unit tests both load this file: on an older Node they stop here, saying why.
assertNodeVersion();

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const fromRepo = (path: string) => (isAbsolute(path) ? path : resolve(repoRoot, path));

// The app's root is web/, but build paths given on the command line (`--ssr web/site/…`,
// `--outDir dist/server`) are written from the repository root, where every script runs.
function repoRelativeBuildPaths(): Plugin {
  return {
    name: 'noorvale:repo-relative-build-paths',
    enforce: 'pre',
    config(config) {
      const build = config.build ?? {};
      return {
        build: {
          ...(typeof build.ssr === 'string' ? { ssr: fromRepo(build.ssr) } : {}),
          ...(build.outDir ? { outDir: fromRepo(build.outDir) } : {}),
        },
      };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: fromRepo('web/public'),
  plugins: [
    repoRelativeBuildPaths(),
    // The typeface's files that styles.css and the preloads link, cut before anything reads them.
    subsetFontsPlugin(),
    react(),
    tailwindcss(),
    siteImages(fromRepo('web/site/images'), { emit: !isSsrBuild }),
  ],
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    assetsDir: 'assets',
    target: 'es2022',
    // SOURCEMAP=1 writes source maps, to see which modules a chunk's bytes come from.
    sourcemap: process.env.SOURCEMAP === '1',
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? // The renderer is one file, whatever the browser's code loads later by itself.
        { output: { codeSplitting: false } }
      : {
          // A page of islands loads entry-islands; a page that hydrates whole, entry-client. The
          // site's stylesheets are inputs of their own, which every page carries inline (see
          // clientModules in entry-server.tsx): no script imports them, so no chunk loaded later
          // fetches them again.
          input: [
            fromRepo('web/site/entry-client.tsx'),
            fromRepo('web/site/entry-islands.tsx'),
            fromRepo('web/site/styles.css'),
            fromRepo('web/site/whole-markup.css'),
          ],
          // Libraries change less often than the site: a separate chunk stays cached across deploys.
          // Swiper gets its own chunk, which only pages with a carousel load; so does the captcha.
          output: {
            codeSplitting: {
              groups: [
                {
                  // The captcha widget: only forms with a captcha load it.
                  name: 'altcha',
                  test: /node_modules[\\/](altcha|hash-wasm)[\\/]/,
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'swiper',
                  test: /node_modules[\\/]swiper[\\/]/,
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                { name: 'vendor', test: /node_modules/, priority: 1 },
              ],
            },
          },
        },
  },
  ssr: {
    noExternal: ['swiper'],
  },
  test: {
    root: repoRoot,
    include: ['web/**/*.test.{ts,tsx}', 'ssr/**/*.test.{mjs,ts}'],
    exclude: ['**/node_modules/**', 'dist/**', 'web/e2e/**'],
    environment: 'node',
    setupFiles: ['web/site/testing/setup.ts'],
    restoreMocks: true,
    // A guard against a test that never ends, not a measure of speed: some tests render every
    // page in every language, which on a two-core machine kept busy by other work took over 30 s.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
}));
