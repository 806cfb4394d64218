// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { MobileMenu, scrollLockClass } from './mobile-menu';

function setup(locale: 'en' | 'ar' = 'en', route = '/about-us') {
  renderInPage(<MobileMenu />, samplePageProps({ route, locale }));
  const hamburger = screen.getByRole('button', {
    name: locale === 'en' ? 'Open menu' : 'فتح القائمة',
  });
  return { hamburger };
}

const dialog = () => screen.queryByRole('dialog');

describe('MobileMenu', () => {
  it('opens from the hamburger, locks page scrolling and moves focus into the menu', () => {
    const { hamburger } = setup();
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(dialog()).toBeNull();

    fireEvent.click(hamburger);

    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    const menu = dialog()!;
    expect(menu.hidden).toBe(false);
    expect(hamburger.getAttribute('aria-controls')).toBe(menu.id);
    expect(document.documentElement.classList.contains(scrollLockClass)).toBe(true);
    expect(menu.contains(document.activeElement)).toBe(true);
  });

  it('closes with its close button, unlocking scrolling and returning focus', () => {
    const { hamburger } = setup();
    fireEvent.click(hamburger);
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Close menu' }));
    expect(dialog()).toBeNull();
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(document.documentElement.classList.contains(scrollLockClass)).toBe(false);
    expect(document.activeElement).toBe(hamburger);
  });

  it('closes on Escape and returns focus to the hamburger', () => {
    const { hamburger } = setup();
    fireEvent.click(hamburger);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(hamburger);
  });

  it('expands submenus at every level and closes when a link is followed', () => {
    const { hamburger } = setup();
    fireEvent.click(hamburger);
    const menu = dialog()!;

    const services = within(menu).getByRole('button', { name: 'Services' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(within(menu).queryByRole('button', { name: 'Cybersecurity Services' })).toBeNull();

    fireEvent.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    const cyber = within(menu).getByRole('button', { name: 'Cybersecurity Services' });
    fireEvent.click(cyber);
    expect(cyber.getAttribute('aria-expanded')).toBe('true');

    const pentest = within(menu).getByRole('link', { name: 'Penetration Testing' });
    expect(pentest.getAttribute('href')).toBe(
      '/services/cybersecurity-services/penetration-testing',
    );
    const cyberMenu = document.getElementById(cyber.getAttribute('aria-controls')!)!;
    expect(within(cyberMenu).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/services/cybersecurity-services',
    );

    // jsdom cannot navigate; stop the browser's part after the menu has reacted to the click.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(pentest);
    expect(dialog()).toBeNull();
    expect(document.documentElement.classList.contains(scrollLockClass)).toBe(false);
  });

  it('opens with the groups that lead to the current page expanded', () => {
    const { hamburger } = setup('en', '/services/cybersecurity-services/penetration-testing');
    fireEvent.click(hamburger);
    const menu = dialog()!;
    expect(
      within(menu).getByRole('button', { name: 'Services' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const cyber = within(menu).getByRole('button', { name: 'Cybersecurity Services' });
    expect(cyber.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu).getByRole('link', { name: 'Penetration Testing' }).getAttribute('aria-current'),
    ).toBe('page');
    // Other groups stay closed.
    expect(
      within(menu).getByRole('button', { name: 'About Us' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('keeps Tab inside the open menu', () => {
    const { hamburger } = setup();
    fireEvent.click(hamburger);
    const menu = dialog()!;
    const focusable = [...menu.querySelectorAll<HTMLElement>('a[href], button')].filter(
      (element) => !element.closest('[hidden]'),
    );
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('links to the login page and menu entries in the page language', () => {
    const { hamburger } = setup('ar');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' }).getAttribute('href')).toBe(
      '/ar/auth/login',
    );
    act(() => hamburger.click());
    // The page's own group is open already.
    const about = within(dialog()!).getByRole('button', { name: 'من نحن' });
    expect(about.getAttribute('aria-expanded')).toBe('true');
    const current = within(dialog()!).getByRole('link', { name: 'نظرة عامة', current: 'page' });
    expect(current.getAttribute('href')).toBe('/ar/about-us');
  });
});
