import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { subsetFontsPlugin } from './ssr/subset-fonts.mjs';

// The back-office (web/admin) is a client-rendered app of its own, built apart from the public
// pages: the Go server serves its one HTML shell for every address under /admin, and its bundles
// from /admin/assets. Nothing of it goes through the page renderer.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: `${repoRoot}web/admin`,
  base: '/admin/',
  publicDir: false,
  // The typeface's files its page preloads and the shared stylesheet links (ssr/subset-fonts.mjs).
  plugins: [subsetFontsPlugin(), react(), tailwindcss()],
  build: {
    outDir: `${repoRoot}dist/admin`,
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
});
