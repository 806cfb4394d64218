// @vitest-environment jsdom
import { blockTexts } from '../../shared/prose/prose';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SectionsContent } from '../content/content';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import SectionsPage from './sections-page';

describe('SectionsPage', () => {
  for (const [route, locale] of [
    ['/about-us', 'en'],
    ['/about-us', 'ar'],
    ['/forms', 'en'],
    ['/forms', 'ar'],
    ['/terms', 'en'],
    ['/terms', 'ar'],
  ] as [string, Locale][]) {
    it(`shows the summary and every section of ${route} in ${locale}`, () => {
      const props = samplePageProps({ route, locale });
      const content = props.page.content as SectionsContent;
      const { container } = renderInPage(<SectionsPage />, props);
      expectSoundOutline(container, route);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.summary);
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      for (const section of content.sections) {
        if (section.heading) expect(headings).toContain(section.heading);
        for (const paragraph of blockTexts(section.paragraphs))
          expect(container.textContent).toContain(paragraph);
        for (const item of section.items ?? []) expect(container.textContent).toContain(item);
      }
      if (content.cta)
        expect(screen.getByRole('region', { name: content.cta.heading })).toBeTruthy();
    });
  }

  it('dates a legal page in the page language, with Western digits', () => {
    const props = samplePageProps({ route: '/policy' });
    const content = props.page.content as SectionsContent;
    props.page.content = { ...content, updated: '2026-11-01' };
    const { unmount } = renderInPage(<SectionsPage />, props);
    expect(screen.getByText('1 November 2026').getAttribute('datetime')).toBe('2026-11-01');
    expect(screen.getByText('1 November 2026').parentElement!.textContent).toContain(
      'Last updated',
    );
    unmount();

    const arabic = samplePageProps({ route: '/policy', locale: 'ar' });
    arabic.page.content = { ...content, updated: '2026-11-01' };
    const { container } = renderInPage(<SectionsPage />, arabic);
    const date = container.querySelector('time[datetime="2026-11-01"]')!;
    expect(date.textContent).toMatch(/^1 \p{Script=Arabic}+ 2026$/u);
    expect(date.parentElement!.textContent).toContain('آخر تحديث');
  });

  it('lists a legal page’s sections in its contents', () => {
    const props = samplePageProps({ route: '/policy', locale: 'ar' });
    const content = props.page.content as SectionsContent;
    renderInPage(<SectionsPage />, props);
    const contents = screen.getByRole('navigation', { name: 'المحتويات' });
    expect(within(contents).getAllByRole('link')).toHaveLength(content.sections.length);
  });

  it('sends the call to action of the forms page to an office rather than to itself', () => {
    const props = samplePageProps({ route: '/forms', locale: 'fr' });
    const content = props.page.content as SectionsContent;
    if (!content.cta) return;
    renderInPage(<SectionsPage />, props);
    const cta = screen.getByRole('region', { name: content.cta.heading });
    expect(within(cta).getByRole('link').getAttribute('href')).toBe('/fr/contact-us/dubai');
  });
});
