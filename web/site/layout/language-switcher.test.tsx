// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../pages/page-props';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { LanguageSwitcher } from './language-switcher';

const realLocation = window.location;

/** Puts the test on `url` and records where the switcher sends the browser. */
function stubLocation(url: string) {
  const target = new URL(url, 'http://localhost:8080');
  const assign = vi.fn();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { pathname: target.pathname, search: target.search, hash: target.hash, assign },
  });
  return assign;
}

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
});

function setup(route: string, locale: Locale) {
  renderInPage(<LanguageSwitcher />, samplePageProps({ route, locale }));
  return screen.getByRole('button', { expanded: false });
}

describe('LanguageSwitcher', () => {
  it('shows the current language and lists all four with flags', () => {
    const button = setup('/about-us', 'en');
    expect(button.textContent).toContain('English');
    expect(button.getAttribute('aria-label')).toBe('Language: English');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(document.activeElement?.getAttribute('hreflang')).toBe('en');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    const links = within(list).getAllByRole('menuitem');
    expect(links.map((link) => link.getAttribute('hreflang'))).toEqual(['en', 'nl', 'fr', 'ar']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/about-us',
      '/nl/about-us',
      '/fr/about-us',
      '/ar/about-us',
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('true');
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
  });

  it('stores the choice and loads the same page in Arabic', () => {
    const assign = stubLocation('/about-us?ref=menu');
    fireEvent.click(setup('/about-us', 'en'));
    fireEvent.click(screen.getByRole('menuitem', { name: /العربية/ }));
    expect(localStorage.getItem('language')).toBe('ar');
    expect(localStorage.getItem('isRTL')).toBe('true');
    expect(assign).toHaveBeenCalledWith('/ar/about-us?ref=menu');
  });

  it('goes from a Dutch page back to the unprefixed English one', () => {
    const assign = stubLocation('/nl/about-us');
    fireEvent.click(setup('/about-us', 'nl'));
    fireEvent.click(screen.getByRole('menuitem', { name: /English/ }));
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('isRTL')).toBe('false');
    expect(assign).toHaveBeenCalledWith('/about-us');
  });

  it('maps the Arabic home page to / and back', () => {
    const toEnglish = stubLocation('/ar');
    fireEvent.click(setup('/', 'ar'));
    fireEvent.click(screen.getByRole('menuitem', { name: /English/ }));
    expect(toEnglish).toHaveBeenCalledWith('/');
  });

  it('maps / to /ar', () => {
    const toArabic = stubLocation('/');
    fireEvent.click(setup('/', 'en'));
    fireEvent.click(screen.getByRole('menuitem', { name: /العربية/ }));
    expect(toArabic).toHaveBeenCalledWith('/ar');
  });

  it('is operable from the keyboard and closes on Escape', () => {
    const button = setup('/about-us', 'fr');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.getAttribute('hreflang')).toBe('en');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('hreflang')).toBe('nl');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.getAttribute('hreflang')).toBe('ar');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
