import { describe, expect, it } from 'vitest';
import { toNewsItem } from './news-slider';

describe('toNewsItem', () => {
  it('gives a news story the fields of the specification, linking to its page', () => {
    const item = toNewsItem({
      collection: 'news',
      slug: 'new-office',
      route: '/resources/news/new-office',
      title: 'A new office',
      description: 'We opened an office.',
      imageAlt: 'The new office',
      date: '2026-10-01',
    });
    expect(item).toMatchObject({
      imageAlt: 'The new office',
      title: 'A new office',
      description: 'We opened an office.',
      link: '/resources/news/new-office',
    });
    expect(item.imageSrc).toBe('/covers/resources/news/new-office.svg');
  });

  it('shows the cover staff uploaded, when the story has one', () => {
    const item = toNewsItem({
      collection: 'news',
      slug: 'new-office',
      route: '/resources/news/new-office',
      title: 'A new office',
      description: 'We opened an office.',
      imageAlt: 'The new office',
      cover: '0123456789abcdef0123456789abcdef',
      date: '2026-10-01',
    });
    expect(item.imageSrc).toBe('/media/covers/0123456789abcdef0123456789abcdef/800.webp');
  });
});
