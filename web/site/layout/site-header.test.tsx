// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('offers the login page in the page language', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/about-us', locale: 'fr' }));
    const logins = screen.getAllByRole('link', { name: 'Se connecter' });
    expect(logins.length).toBeGreaterThan(0);
    for (const login of logins) expect(login.getAttribute('href')).toBe('/fr/auth/login');
  });

  it('has no prefix on English login links', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    for (const login of screen.getAllByRole('link', { name: 'Log in' })) {
      expect(login.getAttribute('href')).toBe('/auth/login');
    }
  });

  it('puts e-mail, phone, chat and social links in the top bar', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('link', { name: 'info@noorvale.example' }).getAttribute('href'),
    ).toBe('mailto:info@noorvale.example');
    expect(
      within(banner).getByRole('link', { name: '+44 20 7946 0321' }).getAttribute('href'),
    ).toBe('tel:+442079460321');
    const chat = within(banner).getByRole('link', { name: /Live chat/ });
    expect(chat.getAttribute('href')).toBe('https://chat.noorvale.example');
    expect(chat.getAttribute('rel')).toContain('noopener');
    const social = within(banner).getByRole('list', { name: 'Social media' });
    for (const name of ['LinkedIn', 'X', 'YouTube']) {
      const link = within(social).getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link.querySelector('svg')).not.toBeNull();
    }
  });

  it('links the logo to the home page of the current language', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/about-us', locale: 'ar' }));
    const home = screen.getAllByRole('link', { name: 'Noorvale Assurance، الصفحة الرئيسية' })[0]!;
    expect(home.getAttribute('href')).toBe('/ar');
  });

  it('has a theme toggle and a language switcher', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
  });
});
