// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OfficeContent } from '../content/content';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import ContactPage, { mapSearchUrl } from './contact-page';

describe('ContactPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows the office, its hours and how to get there, in ${locale}`, () => {
      const props = samplePageProps({ route: '/contact-us/dubai', locale });
      const content = props.page.content as OfficeContent;
      const office = props.site.offices.find((candidate) => candidate.key === 'dubai')!;
      const { container } = renderInPage(<ContactPage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.summary);
      for (const paragraph of content.paragraphs)
        expect(container.textContent).toContain(paragraph);
      expect(container.textContent).toContain(content.directions);

      // In the page's language: Arabic pages write the address in Arabic.
      const address = container.querySelector('address')!.textContent;
      expect(address).toBe(office.addresses?.[locale] ?? office.address);
      if (locale === 'ar') expect(address).toMatch(/[\u0600-\u06FF]/);
      expect(screen.getByRole('link', { name: office.phone }).getAttribute('href')).toBe(
        `tel:${office.phone.replace(/[^\d+]/g, '')}`,
      );
      expect(screen.getByRole('link', { name: office.email }).getAttribute('href')).toBe(
        `mailto:${office.email}`,
      );
      for (const slot of content.hours) {
        expect(container.textContent).toContain(slot.days);
        expect(container.textContent).toContain(slot.time);
      }
      expect(container.textContent).toContain(content.weekend);
      expect(container.textContent).toContain(
        locale === 'en' ? 'Time zone: Gulf Standard Time' : 'المنطقة الزمنية:',
      );

      const map = screen.getByRole('link', { name: /OpenStreetMap/ });
      expect(map.getAttribute('href')).toBe(mapSearchUrl(content.mapQuery));
      expect(map.getAttribute('target')).toBe('_blank');
      expect(map.getAttribute('rel')).toContain('noopener');
      // No embedded map: the only picture is the office's drawn scene of its city.
      expect(container.querySelector('iframe')).toBeNull();
      expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
        '/covers/contact-us/dubai.svg',
      ]);

      const others = screen.getByRole('region', {
        name: locale === 'en' ? 'Our other offices' : 'مكاتبنا الأخرى',
      });
      expect(
        within(others)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(
        ['london', 'cairo'].map((key) => `${locale === 'en' ? '' : '/ar'}/contact-us/${key}`),
      );
    });
  }

  it('offers WhatsApp beside the phone where the office has a number, named in the page language', () => {
    const dubai = renderInPage(
      <ContactPage />,
      samplePageProps({ route: '/contact-us/dubai', locale: 'ar' }),
    );
    const chat = screen.getByRole('link', {
      name: 'راسِل مكتبنا في دبي عبر واتساب: +971 50 555 0142',
    });
    expect(chat.getAttribute('href')).toBe('https://wa.me/971505550142');
    expect(dubai.container.querySelector('script')).toBeNull();
    dubai.unmount();

    // London has no number: no WhatsApp line at all.
    const { container } = renderInPage(
      <ContactPage />,
      samplePageProps({ route: '/contact-us/london', locale: 'en' }),
    );
    const card = screen.getByRole('region', { name: 'Office details' });
    expect(card.textContent).not.toContain('WhatsApp');
    expect(container.querySelector('a[href^="https://wa.me/"]')).toBeNull();
  });

  it('searches OpenStreetMap for the address', () => {
    expect(mapSearchUrl('Bay Square, Business Bay, Dubai')).toBe(
      'https://www.openstreetmap.org/search?query=Bay%20Square%2C%20Business%20Bay%2C%20Dubai',
    );
  });

  it('still gives the address and lines of an office without content', () => {
    const props = samplePageProps({ route: '/contact-us/cairo', locale: 'nl' });
    props.page.content = null;
    const { container } = renderInPage(<ContactPage />, props);
    expectSoundOutline(container);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Caïro');
    expect(screen.getByRole('link', { name: 'cairo@noorvale.example' })).toBeTruthy();
  });
});
