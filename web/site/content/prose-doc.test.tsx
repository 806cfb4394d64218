// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProseDoc } from '../../shared/prose/prose';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { Prose, ProseSections, proseContents } from './prose-doc';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, marks });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const heading = (level: number, value: string) => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const item = (value: string) => ({ type: 'listItem', content: [paragraph(text(value))] });
const link = (href: string) => ({ type: 'link', attrs: { href } });
const doc = (...content: unknown[]) => ({ type: 'doc', content }) as unknown as ProseDoc;

function renderProse(value: ProseDoc, locale: 'en' | 'nl' | 'ar' = 'en') {
  return renderInPage(<Prose doc={value} />, samplePageProps({ route: '/about-us', locale }));
}

describe('Prose', () => {
  it('draws every kind of node the server accepts', () => {
    const { container } = renderProse(
      doc(
        paragraph(
          text('Plain, '),
          text('bold', [{ type: 'bold' }]),
          text(', '),
          text('italic', [{ type: 'italic' }]),
          text(' and '),
          text('both', [{ type: 'bold' }, { type: 'italic' }]),
        ),
        heading(2, 'A section'),
        heading(3, 'A subsection'),
        { type: 'bulletList', content: [item('One'), item('Two')] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            {
              type: 'listItem',
              content: [paragraph(text('Three')), { type: 'bulletList', content: [item('Inner')] }],
            },
          ],
        },
      ),
    );
    expect(container.querySelector('p strong')!.textContent).toBe('bold');
    expect(container.querySelector('p > em')!.textContent).toBe('italic');
    expect(container.querySelector('strong > em')!.textContent).toBe('both');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('A section');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('A subsection');
    const [bullets, numbered] = screen
      .getAllByRole('list', { hidden: false })
      .filter((list) => !list.parentElement!.closest('li'));
    expect(bullets!.tagName).toBe('UL');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['One', 'Two']);
    expect(numbered!.tagName).toBe('OL');
    expect(numbered!.getAttribute('start')).toBe('3');
    expect(numbered!.querySelector('li ul li')!.textContent).toBe('Inner');
  });

  it('gives site links the visitor’s language and opens other sites safely', () => {
    renderProse(
      doc(
        paragraph(
          text('our services', [link('/services')]),
          text(' and '),
          text('a standard', [link('https://www.iso.org/standard/27001')]),
        ),
      ),
      'nl',
    );
    const internal = screen.getByRole('link', { name: 'our services' });
    expect(internal.getAttribute('href')).toBe('/nl/services');
    expect(internal.hasAttribute('target')).toBe(false);
    const external = screen.getByRole('link', { name: 'a standard' });
    expect(external.getAttribute('href')).toBe('https://www.iso.org/standard/27001');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never draws a node, mark or address it does not know', () => {
    const { container } = renderProse(
      doc(
        { type: 'script', content: [text('alert(1)')] },
        { type: 'html', text: '<img src=x onerror=alert(1)>' },
        paragraph(
          text('kept'),
          { type: 'image', attrs: { src: 'x' } },
          text(' unlinked', [link('javascript:alert(1)')]),
          text(' away', [link('//evil.example')]),
          text(' marked', [{ type: 'underline' }, { type: 'code' }]),
        ),
        { type: 'heading', attrs: { level: 1 }, content: [text('demoted')] },
      ),
      'ar',
    );
    expect(container.textContent).not.toContain('alert');
    expect(container.querySelector('script, img, u, code, h1')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.querySelector('p')!.textContent).toBe('kept unlinked away marked');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('demoted');
  });
});

describe('ProseSections', () => {
  const post = doc(
    paragraph(text('Lead.')),
    heading(2, 'First'),
    paragraph(text('One.')),
    heading(3, 'Detail'),
    heading(2, 'Second'),
    paragraph(text('Two.')),
  );

  it('cuts a document at its second-level headings and lists them as its contents', () => {
    expect(proseContents(post)).toEqual([
      { id: 'section-2', label: 'First', fromContent: true },
      { id: 'section-3', label: 'Second', fromContent: true },
    ]);
    const { container } = renderInPage(
      <ProseSections doc={post} />,
      samplePageProps({ route: '/about-us' }),
    );
    const sections = container.querySelectorAll('section');
    expect([...sections].map((s) => s.id)).toEqual(['section-2', 'section-3']);
    expect(screen.getByRole('region', { name: 'First' }).textContent).toContain('Detail');
    expect(screen.getByRole('region', { name: 'Second' }).textContent).toContain('Two.');
    expect(container.firstElementChild!.textContent).toBe('Lead.');
  });
});
