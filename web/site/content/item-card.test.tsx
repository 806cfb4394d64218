// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { ItemCard } from './item-card';

describe('ItemCard', () => {
  it('shows the cover the server draws for the item, lazily, with its size reserved', () => {
    const props = samplePageProps({ route: '/resources/news', locale: 'en' });
    const item = props.page.items[0]!;
    const { container } = renderInPage(<ItemCard item={item} />, props);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/covers${item.route}.svg`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '225']);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(container.querySelector('h2 a')!.getAttribute('href')).toBe(item.route);
    expect(container.innerHTML).not.toMatch(/style=/);
  });

  it('titles the item one level down inside a section of its own', () => {
    const props = samplePageProps({ route: '/careers/jop-vacancies', locale: 'ar' });
    const item = props.page.items[0]!;
    const { container } = renderInPage(<ItemCard item={item} headingLevel={3} compact />, props);
    expect(container.querySelector('h2')).toBeNull();
    expect(container.querySelector('h3 a')!.getAttribute('href')).toBe(`/ar${item.route}`);
  });
});
