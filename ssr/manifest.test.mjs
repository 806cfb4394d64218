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
      'src/entry-client.tsx': {
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

  it('fails loudly without an entry', () => {
    expect(() => assetsFromManifest({ a: { file: 'a.js' } })).toThrow(/entry/);
  });
});
