// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LandingContent, ServiceContent } from '../content/content';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import LandingPage from './landing-page';

describe('LandingPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`introduces an area and gives each of its pages a card, in ${locale}`, () => {
      const props = samplePageProps({ route: '/services/cybersecurity-services', locale });
      const content = props.page.content as LandingContent;
      const { container } = renderInPage(<LandingPage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.summary);
      for (const paragraph of content.overview) expect(container.textContent).toContain(paragraph);

      const cards = screen.getByRole('region', {
        name: locale === 'en' ? 'Services in this area' : 'الخدمات في هذا المجال',
      });
      const links = within(cards).getAllByRole('link');
      expect(links).toHaveLength(props.page.children.length);
      const prefix = locale === 'en' ? '' : '/ar';
      props.page.children.forEach((child, index) => {
        expect(links[index]!.getAttribute('href')).toBe(prefix + child.route);
        expect(links[index]!.textContent).toContain(content.cards[child.route!]);
      });

      const cta = screen.getByRole('region', { name: content.cta!.heading });
      expect(within(cta).getByRole('link').getAttribute('href')).toBe(`${prefix}/forms`);
    });
  }

  it('calls the pages of a compliance area standards', () => {
    renderInPage(<LandingPage />, samplePageProps({ route: '/compliance/pci-standards' }));
    expect(screen.getByRole('region', { name: 'Standards in this area' })).toBeTruthy();
  });

  it('describes an area without pages beneath it like a service', () => {
    for (const locale of ['en', 'ar'] as Locale[]) {
      const props = samplePageProps({ route: '/services/outsourcing-service', locale });
      const content = props.page.content as ServiceContent;
      const { container, unmount } = renderInPage(<LandingPage />, props);
      expectSoundOutline(container);
      expect(container.querySelector('section#approach ol')!.children).toHaveLength(
        content.approach.length,
      );
      expect(container.querySelectorAll('details')).toHaveLength(content.faqs?.length ?? 0);
      unmount();
    }
  });
});
