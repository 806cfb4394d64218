import { describe, expect, it } from 'vitest';
import { assetsFromManifest } from './manifest.mjs';

describe('assetsFromManifest', () => {
  it('finds the entry, its stylesheets and every chunk it imports', () => {
    const assets = assetsFromManifest({
      '_runtime.js': { file: 'assets/runtime-1.js' },
      '_vendor.js': {
        file: 'assets/vendor-2.js',
        imports: ['_runtime.js'],
        css: ['assets/vendor-3.css'],
      },
      'site/entry-client.tsx': {
        file: 'assets/entry-client-4.js',
        isEntry: true,
        imports: ['_runtime.js', '_vendor.js'],
        css: ['assets/entry-client-5.css'],
      },
    });
    expect(assets).toEqual({
      entry: '/assets/entry-client-4.js',
      css: ['/assets/entry-client-5.css', '/assets/vendor-3.css'],
      preload: ['/assets/runtime-1.js', '/assets/vendor-2.js'],
    });
  });

  it('adds a page chunk, the chunks it imports and its stylesheets', () => {
    const manifest = {
      '_vendor.js': { file: 'assets/vendor-2.js' },
      '_shared.js': { file: 'assets/shared-3.js', imports: ['_vendor.js'] },
      'site/entry-client.tsx': {
        file: 'assets/entry-client-4.js',
        isEntry: true,
        imports: ['_vendor.js'],
        dynamicImports: ['site/pages/home-page.tsx', 'site/pages/section-page.tsx'],
      },
      'site/pages/home-page.tsx': {
        file: 'assets/home-page-5.js',
        imports: ['_shared.js', '_vendor.js'],
        css: ['assets/home-page-6.css'],
      },
      'site/pages/section-page.tsx': { file: 'assets/section-page-7.js', imports: ['_vendor.js'] },
    };
    const entry = 'site/entry-client.tsx';
    expect(assetsFromManifest(manifest, { entry, preload: ['site/pages/home-page.tsx'] })).toEqual({
      entry: '/assets/entry-client-4.js',
      css: ['/assets/home-page-6.css'],
      preload: ['/assets/vendor-2.js', '/assets/home-page-5.js', '/assets/shared-3.js'],
    });
    expect(
      assetsFromManifest(manifest, { entry, preload: ['site/pages/section-page.tsx'] }).preload,
    ).toEqual(['/assets/vendor-2.js', '/assets/section-page-7.js']);
    expect(() =>
      assetsFromManifest(manifest, { entry, preload: ['site/pages/missing.tsx'] }),
    ).toThrow(/missing/);
  });

  it('links a module’s stylesheets without preloading its script, for a page of islands', () => {
    const manifest = {
      '_vendor.js': { file: 'assets/vendor-2.js' },
      'site/entry-islands.tsx': {
        file: 'assets/entry-islands-3.js',
        isEntry: true,
        imports: ['_vendor.js'],
        css: ['assets/base-4.css'],
      },
      'site/entry-client.tsx': { file: 'assets/entry-client-5.js', isEntry: true },
      'site/pages/home-page.tsx': {
        file: 'assets/home-page-6.js',
        imports: ['_carousel.js'],
        css: ['assets/home-page-7.css'],
      },
      '_carousel.js': { file: 'assets/carousel-8.js', css: ['assets/carousel-9.css'] },
    };
    expect(
      assetsFromManifest(manifest, {
        entry: 'site/entry-islands.tsx',
        css: ['site/pages/home-page.tsx'],
      }),
    ).toEqual({
      entry: '/assets/entry-islands-3.js',
      css: ['/assets/base-4.css', '/assets/home-page-7.css', '/assets/carousel-9.css'],
      preload: ['/assets/vendor-2.js'],
    });
    expect(() => assetsFromManifest(manifest, { entry: 'site/entry-nothing.tsx' })).toThrow(
      /entry-nothing/,
    );
  });

  it('links a stylesheet that is an input of its own, before the page module’s', () => {
    const manifest = {
      'site/entry-islands.tsx': { file: 'assets/entry-islands-1.js', isEntry: true },
      'site/styles.css': { file: 'assets/styles-2.css', isEntry: true },
      'site/pages/home-page.tsx': {
        file: 'assets/home-page-3.js',
        css: ['assets/home-page-4.css'],
      },
    };
    expect(
      assetsFromManifest(manifest, {
        entry: 'site/entry-islands.tsx',
        css: ['site/styles.css', 'site/pages/home-page.tsx'],
      }),
    ).toEqual({
      entry: '/assets/entry-islands-1.js',
      css: ['/assets/styles-2.css', '/assets/home-page-4.css'],
      preload: [],
    });
  });

  it('leaves the entry to find its own imports when told not to preload them', () => {
    const manifest = {
      '_vendor.js': { file: 'assets/vendor-1.js', css: ['assets/vendor-2.css'] },
      'site/entry-islands.tsx': {
        file: 'assets/entry-islands-3.js',
        isEntry: true,
        imports: ['_vendor.js'],
      },
    };
    expect(
      assetsFromManifest(manifest, { entry: 'site/entry-islands.tsx', preloadEntry: false }),
    ).toEqual({
      entry: '/assets/entry-islands-3.js',
      css: ['/assets/vendor-2.css'],
      preload: [],
    });
  });

  it('fails loudly without an entry', () => {
    expect(() => assetsFromManifest({ a: { file: 'a.js' } })).toThrow(/entry/);
  });
});
