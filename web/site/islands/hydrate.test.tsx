// @vitest-environment jsdom
import { act } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderDocument } from '../entry-server';
import type { PagePayload } from '../pages/page-props';
import { samplePageProps } from '../testing/sample-props';
import { storeUser } from '../session/user-store';
import { hydrateIslands } from './hydrate';

const servicePage = '/services/cybersecurity-services/penetration-testing';

/** The service page as the server sends it, in the document, with its payload. */
function loadPage(locale: 'en' | 'ar' = 'en') {
  const html = renderDocument(samplePageProps({ route: servicePage, locale }), {
    entry: '/assets/entry-islands.js',
    css: [],
    preload: [],
  });
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = /<div id="root">([^]*)<\/div>\n<script type="application\/json"/.exec(html)![1]!;
  document.body.append(root);
  const payload = JSON.parse(
    /<script type="application\/json" id="page-props">([^]*?)<\/script>/.exec(html)![1]!,
  ) as PagePayload;
  return { root, payload };
}

const marker = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLElement>(`[data-island="${name}"]`)!;

/** Lets React and the islands' code loads run until `check` passes. */
async function until(check: () => void) {
  await vi.waitFor(async () => {
    await act(async () => {});
    check();
  });
}

let roots: Root[] = [];

afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots = [];
  document.body.innerHTML = '';
  document.documentElement.className = '';
  localStorage.clear();
  delete document.documentElement.dataset.hydrated;
});

describe('hydrateIslands', () => {
  it('hydrates the theme switch and the contents at once, and the header’s menus when reached', async () => {
    const { root, payload } = loadPage();
    roots = await act(() => hydrateIslands(payload, root));
    expect(document.documentElement.dataset.hydrated).toBe('true');
    expect(marker(root, 'theme-toggle').dataset.islandState).toBe('hydrated');
    expect(marker(root, 'on-this-page').dataset.islandState).toBe('hydrated');
    for (const name of ['desktop-nav', 'mobile-menu', 'language-switcher', 'account-control']) {
      expect(marker(root, name).dataset.islandState).toBe('waiting');
    }
    marker(root, 'language-switcher').querySelector('button')!.focus();
    await until(() =>
      expect(marker(root, 'language-switcher').dataset.islandState).toBe('hydrated'),
    );
    expect(marker(root, 'desktop-nav').dataset.islandState).toBe('waiting');
  });

  it('opens the menu once for a press made before the menu’s code arrived', async () => {
    const { root, payload } = loadPage('ar');
    roots = await act(() => hydrateIslands(payload, root));
    const menu = marker(root, 'mobile-menu');
    const hamburger = menu.querySelector<HTMLButtonElement>('button[aria-label="فتح القائمة"]')!;
    hamburger.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    hamburger.click();
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    await until(() => expect(menu.dataset.islandState).toBe('hydrated'));
    await until(() => expect(hamburger.getAttribute('aria-expanded')).toBe('true'));
    // Once: the press is not taken twice, which would have closed the menu again.
    await act(async () => {});
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
  });

  it('hydrates the whole header at once for a signed-in visitor, whose name it shows', async () => {
    storeUser({
      firstName: 'Layla',
      lastName: 'Haddad',
      fullName: 'Layla Haddad',
      phoneNumber: '',
      profileImageUrl: '',
      email: 'layla@example.com',
    });
    document.documentElement.classList.add('signed-in');
    const { root, payload } = loadPage();
    roots = await act(() => hydrateIslands(payload, root));
    for (const element of root.querySelectorAll<HTMLElement>('[data-island-index]')) {
      expect(element.dataset.islandState).toBe('hydrated');
    }
    const profile = marker(root, 'account-control').querySelector('button[aria-haspopup]')!;
    expect(profile.getAttribute('aria-label')).toContain('Layla Haddad');
  });
});
