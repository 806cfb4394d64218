// @vitest-environment jsdom
import { blockTexts } from '../../shared/prose/prose';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicationContent } from '../content/content';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { sampleItemRoutes, samplePageProps } from '../testing/sample-props';
import PublicationPage from './publication-page';

const route = sampleItemRoutes.find((path) => path.startsWith('/resources/publications/'))!;

describe('PublicationPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows the type, length, highlights and text, and how to ask for it, in ${locale}`, () => {
      const props = samplePageProps({ route, locale });
      const content = props.page.content as PublicationContent;
      const { container } = renderInPage(<PublicationPage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.description);
      for (const paragraph of blockTexts(content.body))
        expect(container.textContent).toContain(paragraph);
      for (const highlight of content.highlights)
        expect(container.textContent).toContain(highlight);
      const facts = container.querySelector('dl')!.textContent!;
      expect(facts).toContain(String(content.pages));
      if (locale === 'en') expect(facts).toContain(content.type);
      const download = screen.getByRole('link', {
        name: locale === 'en' ? 'Get your free copy' : 'احصل على نسختك المجانية',
      });
      expect(download.getAttribute('href')).toBe('#download');
      expect(container.querySelector('section#download form')).toBeTruthy();
      expect(screen.getByRole('img', { name: content.imageAlt })).toBeTruthy();
    });
  }

  it('names the publication type in the page language', () => {
    const props = samplePageProps({ route, locale: 'fr' });
    props.page.content = { ...props.page.content!, type: 'White paper' };
    renderInPage(<PublicationPage />, props);
    expect(screen.getAllByText('Livre blanc').length).toBeGreaterThan(0);
  });
});
