import { describe, expect, it } from 'vitest';
import { contentAddress } from './address';

describe('content addresses', () => {
  it('reads the list, a new item, an item and a page', () => {
    expect(contentAddress('/admin/content', '?collection=blogs')).toEqual({ screen: 'list' });
    expect(contentAddress('/admin/content/new', '?collection=blogs')).toEqual({
      screen: 'new',
      collection: 'blogs',
    });
    expect(contentAddress('/admin/content/new', '')).toEqual({ screen: 'new', collection: 'news' });
    expect(contentAddress('/admin/content/news/cairo-office', '')).toEqual({
      screen: 'item',
      collection: 'news',
      slug: 'cairo-office',
    });
    expect(contentAddress('/admin/content/pages/page', '?route=%2Fabout-us%2Fteam')).toEqual({
      screen: 'item',
      collection: 'pages',
      slug: '/about-us/team',
    });
  });

  it('shows the list for an address naming no item', () => {
    expect(contentAddress('/admin/content/news', '')).toEqual({ screen: 'list' });
    expect(contentAddress('/admin/content/pages/page', '')).toEqual({ screen: 'list' });
  });
});
