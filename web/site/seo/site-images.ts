/**
 * Pictures of the firm that the build rasterises into dist/client (ssr/build-images.mjs), for
 * link previews and search engines, which do not accept SVG.
 */
export const siteImages = {
  social: { path: '/og-default.png', width: 1200, height: 630 },
  logo: { path: '/logo.png', width: 512, height: 512 },
} as const;
