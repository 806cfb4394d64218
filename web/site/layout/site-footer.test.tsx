// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('shows the year, the firm and a link to the parent company', () => {
    renderInPage(<SiteFooter />, samplePageProps({ route: '/', year: 2031 }));
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('© 2031 Noorvale Assurance');
    expect(
      within(footer)
        .getByRole('link', { name: /Noorvale Group/ })
        .getAttribute('href'),
    ).toBe('https://group.noorvale.example');
  });

  it('writes the year in Western digits in Arabic', () => {
    renderInPage(<SiteFooter />, samplePageProps({ route: '/', locale: 'ar', year: 2031 }));
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2031 Noorvale Assurance');
  });

  it('lists the footer groups with localized links', () => {
    renderInPage(<SiteFooter />, samplePageProps({ route: '/', locale: 'fr' }));
    const nav = screen.getByRole('navigation', { name: 'Pied de page' });
    for (const heading of ['Services', 'Carrières', 'Ressources', 'Informations légales']) {
      expect(within(nav).getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Normes ISO' }).getAttribute('href')).toBe(
      '/fr/compliance/iso-standards',
    );
    expect(
      within(nav).getByRole('link', { name: 'Conditions d’utilisation' }).getAttribute('href'),
    ).toBe('/fr/terms');
  });

  it('gives contact details and each office', () => {
    renderInPage(<SiteFooter />, samplePageProps({ route: '/' }));
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByRole('link', { name: 'info@noorvale.example' }).getAttribute('href'),
    ).toBe('mailto:info@noorvale.example');
    for (const city of ['London', 'Dubai', 'Cairo']) expect(footer.textContent).toContain(city);
    expect(within(footer).getByRole('link', { name: '+971 4 555 0142' }).getAttribute('href')).toBe(
      'tel:+97145550142',
    );
  });
});
