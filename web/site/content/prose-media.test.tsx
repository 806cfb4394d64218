// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProseDoc } from '../../shared/prose/prose';
import type { PageMedia } from '../pages/page-props';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { Prose } from './prose-doc';

const pictureId = 'abcdefghijklmnopqrstuvwx';
const documentId = 'bcdefghijklmnopqrstuvw23';

const picture: PageMedia = {
  kind: 'image',
  width: 1600,
  height: 900,
  bytes: 250_000,
  alt: { en: 'The audit team at work', ar: 'فريق التدقيق أثناء العمل' },
  files: [
    { name: '640.webp', type: 'image/webp', width: 640, height: 360 },
    { name: '320.webp', type: 'image/webp', width: 320, height: 180 },
    { name: '320.avif', type: 'image/avif', width: 320, height: 180 },
    { name: '640.avif', type: 'image/avif', width: 640, height: 360 },
    { name: '640.jpg', type: 'image/jpeg', width: 640, height: 360 },
  ],
};
const report: PageMedia = { kind: 'document', bytes: 1_234_567, files: [] };

const doc = (...content: unknown[]) => ({ type: 'doc', content }) as unknown as ProseDoc;
const image = (attrs: Record<string, unknown>) => ({ type: 'image', attrs });
const linked = (words: string, href: string) => ({
  type: 'paragraph',
  content: [{ type: 'text', text: words, marks: [{ type: 'link', attrs: { href } }] }],
});

function renderProse(value: ProseDoc, locale: 'en' | 'nl' | 'fr' | 'ar' = 'en') {
  const props = samplePageProps({ route: '/about-us', locale });
  props.page.media = { [pictureId]: picture, [documentId]: report };
  return renderInPage(<Prose doc={value} />, props);
}

describe('pictures and documents in running text', () => {
  it('draws a picture as a figure in every format, with its caption', () => {
    const { container } = renderProse(
      doc(image({ media: pictureId, caption: 'The team in Dubai' })),
    );
    const figure = container.querySelector('figure')!;
    expect(figure.querySelector('figcaption')!.textContent).toBe('The team in Dubai');
    const sources = [...figure.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      `/media/library/${pictureId}/320.avif 320w, /media/library/${pictureId}/640.avif 640w`,
    );
    expect(sources[1]!.getAttribute('srcset')).toBe(
      `/media/library/${pictureId}/320.webp 320w, /media/library/${pictureId}/640.webp 640w`,
    );
    expect(sources[0]!.getAttribute('sizes')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'The audit team at work' });
    expect(img.getAttribute('src')).toBe(`/media/library/${pictureId}/640.jpg`);
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('height')).toBe('900');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('describes the picture in the page’s language, else in English', () => {
    renderProse(doc(image({ media: pictureId })), 'ar');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('فريق التدقيق أثناء العمل');
    expect(document.querySelector('figcaption')).toBeNull();
  });

  it('falls back to the English alt text where the language has none', () => {
    renderProse(doc(image({ media: pictureId })), 'nl');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('The audit team at work');
  });

  it('draws nothing for a picture the library does not have, or a document shown as one', () => {
    const { container } = renderProse(
      doc(image({ media: 'zzzzzzzzzzzzzzzzzzzzzzzz' }), image({ media: documentId })),
    );
    expect(container.querySelector('figure, img')).toBeNull();
  });

  it('links a document as a download that says it is a PDF and its size', () => {
    renderProse(doc(linked('the annual report', `/media/library/${documentId}/report.pdf`)));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`/media/library/${documentId}/report.pdf`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.textContent).toBe('the annual report(PDF, 1.2 MB)');
  });

  it('keeps a document’s address as it is in another language', () => {
    renderProse(doc(linked('التقرير', `/media/library/${documentId}/report.pdf`)), 'ar');
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`/media/library/${documentId}/report.pdf`);
    expect(link.textContent).toContain('PDF');
  });

  it('leaves the words unlinked when the library does not have the document', () => {
    const { container } = renderProse(
      doc(linked('gone', '/media/library/zzzzzzzzzzzzzzzzzzzzzzzz/gone.pdf')),
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('gone');
  });
});
