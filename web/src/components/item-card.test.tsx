// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { coverVersion } from '../cover-art.mjs';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { ItemCard } from './item-card';

describe('ItemCard', () => {
  it('shows the built cover in AVIF and WebP, lazily, with its size reserved', () => {
    const props = samplePageProps({ route: '/resources/news', locale: 'en' });
    const item = props.page.items[0]!;
    const { container } = renderInPage(<ItemCard item={item} />, props);
    const picture = container.querySelector('picture')!;
    const base = `/assets/covers/${item.collection}/${item.slug}-${coverVersion(item.slug)}`;
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    for (const [source, ext] of sources.map(
      (source, i) => [source, ['avif', 'webp'][i]] as const,
    )) {
      expect(source.getAttribute('srcset')).toBe(
        `${base}-480.${ext} 480w, ${base}-960.${ext} 960w, ${base}-1440.${ext} 1440w`,
      );
      expect(source.getAttribute('sizes')).toBeTruthy();
    }
    const img = picture.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`${base}-960.webp`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['960', '540']);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(container.innerHTML).not.toMatch(/style=/);
  });
});
