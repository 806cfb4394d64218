// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser, forgetUser } from '../session/user-store';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { SiteHeader } from './site-header';

const amira = {
  firstName: 'Amira',
  lastName: 'Haddad',
  fullName: 'Amira Haddad',
  phoneNumber: '',
  profileImageUrl: '',
  email: 'amira@example.com',
};

describe('header and the signed-in visitor', () => {
  it('shows the login button while no user data is stored', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it('switches to the profile menu, without a reload, when a login stores the data', () => {
    renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    act(() => storeUser(amira));
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    const buttons = screen.getAllByRole('button', { name: 'Account menu of Amira Haddad' });
    expect(buttons).toHaveLength(2); // desktop and the mobile bar
    const initials = buttons[0]!.querySelector('[data-initials]')!;
    expect(initials.getAttribute('data-initials')).toBe('AH');
    expect(initials.className).toContain('bg-avatar-3');
    act(() => forgetUser());
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
  });

  it('opens a menu with My Account and Logout, moved through with the keyboard, closed by Escape', () => {
    storeUser(amira);
    renderInPage(<SiteHeader />, samplePageProps({ route: '/about-us', locale: 'fr' }));
    const button = screen.getAllByRole('button', { name: 'Menu du compte de Amira Haddad' })[0]!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Mon compte', 'Se déconnecter']);
    expect(items[0]!.getAttribute('href')).toBe('/fr/account');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the menu on a click outside it', () => {
    storeUser(amira);
    renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    const button = screen.getAllByRole('button', { name: /account menu/i })[0]!;
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the picture when there is one, and the default avatar when there is no name', () => {
    storeUser({ ...amira, profileImageUrl: '/api/account/avatar/abc.png' });
    const { container, unmount } = renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    expect(container.querySelector('img[src="/api/account/avatar/abc.png"]')).not.toBeNull();
    unmount();
    storeUser({ ...amira, firstName: '', lastName: '', fullName: '' });
    const second = renderInPage(<SiteHeader />, samplePageProps({ route: '/' }));
    expect(second.container.querySelector('button[aria-haspopup] svg circle')).not.toBeNull();
  });
});
