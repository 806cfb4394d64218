import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { coverWidths } from '../../../ssr/encode-image.mjs';
import { CoverImage, uploadedCoverWidths } from './cover-image';

const id = '0123456789abcdef0123456789abcdef';

describe('CoverImage', () => {
  it('draws the generated cover of a page without an uploaded one', () => {
    const html = renderToStaticMarkup(<CoverImage route="/resources/news/a" alt="" />);
    expect(html).not.toContain('<picture');
    expect(html).toContain('src="/covers/resources/news/a.svg"');
  });

  it('offers an uploaded cover as AVIF, then WebP, at every width, with its alt text', () => {
    const html = renderToStaticMarkup(
      <CoverImage route="/resources/news/a" cover={id} sizes="50vw" alt="An office" />,
    );
    const sources = [...html.matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="50vw"\/>/g)];
    expect(sources.map((match) => match[1])).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.[2]).toBe(
      `/media/covers/${id}/400.avif 400w, /media/covers/${id}/800.avif 800w, /media/covers/${id}/1200.avif 1200w`,
    );
    expect(html).toContain(`src="/media/covers/${id}/800.webp"`);
    expect(html).toContain('alt="An office"');
  });

  it('lists the widths the renderer encodes', () => {
    expect([...uploadedCoverWidths]).toEqual(coverWidths);
  });
});
