// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { render as renderDocument, resourcesFor } from './entry-server';
import { createI18n } from '../shared/i18n/i18n';
import { pageForKind } from './pages/page-for-kind';
import { hydrateIslands } from './islands/hydrate';
import { hydratesWhole } from './islands/page-data';
import type { Locale, PagePayload, PageProps } from './pages/page-props';
import { sampleItemRoutes, samplePageProps } from './testing/sample-props';

const assets = { entry: '/assets/app.js', css: [], preload: [] };

/**
 * Loads a server-rendered document into jsdom and hydrates it as the browser would: whole, or
 * island by island from the embedded payload.
 */
async function hydrate(props: PageProps) {
  const html = renderDocument(props, assets);
  const rootHtml = /<div id="root">([^]*)<\/div>\n<script type="application\/json"/.exec(html)![1]!;
  const payload = JSON.parse(
    /<script type="application\/json" id="page-props">([^]*?)<\/script>/.exec(html)![1]!,
  ) as PagePayload;
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = rootHtml;
  document.body.append(container);
  const errors: unknown[] = [];
  if (!hydratesWhole(props.page.kind)) {
    const roots = await act(() =>
      hydrateIslands(payload, container, { onRecoverableError: (error) => errors.push(error) }),
    );
    // The islands that wait for the visitor (the header's menus) hydrate once pointed at.
    const markers = [...container.querySelectorAll<HTMLElement>('[data-island-index]')];
    for (const marker of markers) {
      if (marker.dataset.islandState === 'waiting') {
        marker.dispatchEvent(new Event('pointerover', { bubbles: true }));
      }
    }
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(markers.filter((marker) => marker.dataset.islandState !== 'hydrated')).toEqual([]);
    });
    return { container, errors, unmount: () => act(() => roots.forEach((root) => root.unmount())) };
  }
  const root = await act(async () =>
    hydrateRoot(
      container,
      <App
        props={props}
        i18n={createI18n(props.locale, resourcesFor(props.locale, props.page.kind))}
        Page={pageForKind(props.page.kind)}
      />,
      { onRecoverableError: (error) => errors.push(error) },
    ),
  );
  return { container, errors, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('App', () => {
  const cases: [string, Locale][] = [
    ['/', 'en'],
    ['/', 'ar'],
    ['/about-us', 'nl'],
    ['/compliance/iso-standards', 'fr'],
    ['/services/cybersecurity-services/penetration-testing', 'ar'],
    ['/contact-us/cairo', 'en'],
    ['/auth/login', 'fr'],
    ['/policy', 'en'],
    ['/missing-page', 'ar'],
    ['/services/outsourcing-service', 'nl'],
    ['/resources/webinars', 'ar'],
    ['/careers/jop-vacancies', 'fr'],
    ...(['/resources/news/', '/resources/blogs/', '/resources/publications/'] as const).map(
      (prefix): [string, Locale] => [sampleItemRoutes.find((r) => r.startsWith(prefix))!, 'ar'],
    ),
    ...(['/resources/webinars/', '/careers/jop-vacancies/'] as const).map(
      (prefix): [string, Locale] => [sampleItemRoutes.find((r) => r.startsWith(prefix))!, 'en'],
    ),
  ];

  for (const [route, locale] of cases) {
    it(`hydrates ${locale} ${route} without a mismatch`, async () => {
      const consoleError = vi.spyOn(console, 'error');
      const { container, errors, unmount } = await hydrate(samplePageProps({ route, locale }));
      expect(errors).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      expect(container.querySelectorAll('h1')).toHaveLength(1);
      expect(document.documentElement.dataset.hydrated).toBe('true');
      unmount();
    });
  }

  it('has the landmarks and a working skip link', async () => {
    const { unmount } = await hydrate(samplePageProps({ route: '/about-us' }));
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector(skip.getAttribute('href')!)).toBe(screen.getByRole('main'));
    unmount();
  });

  it('shows the seven practice areas on the home page, and the hero links to contact and forms', async () => {
    const { unmount } = await hydrate(samplePageProps({ route: '/' }));
    const main = screen.getByRole('main');
    const areas = within(main).getByRole('region', { name: 'Services and standards' });
    expect(within(areas).getAllByRole('link')).toHaveLength(7);
    expect(
      within(main)
        .getByRole('link', { name: /Dubai office/ })
        .getAttribute('href'),
    ).toBe('/contact-us/dubai');
    expect(within(main).getByRole('link', { name: 'Submit a request' }).getAttribute('href')).toBe(
      '/forms',
    );
    unmount();
  });

  it('lists the child pages of a landing page as cards', async () => {
    const { unmount } = await hydrate(
      samplePageProps({ route: '/compliance/soc-reports', locale: 'ar' }),
    );
    const section = screen.getByRole('region', { name: 'المعايير في هذا المجال' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => within(link).getByRole('heading').textContent)).toEqual([
      'SOC 1',
      'SOC 2',
      'SOC 3',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ar/compliance/soc-reports/soc-1',
      '/ar/compliance/soc-reports/soc-2',
      '/ar/compliance/soc-reports/soc-3',
    ]);
    unmount();
  });

  it('shows an office its address and contact lines', async () => {
    const { unmount } = await hydrate(samplePageProps({ route: '/contact-us/dubai' }));
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Bay Square, Business Bay');
    expect(within(main).getByRole('link', { name: 'dubai@noorvale.example' })).toBeTruthy();
    unmount();
  });

  it('offers a way home and to contact from the not-found page', async () => {
    const { unmount } = await hydrate(samplePageProps({ route: '/nope', locale: 'nl' }));
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(
      'Pagina niet gevonden',
    );
    expect(
      within(main)
        .getByRole('link', { name: /startpagina/ })
        .getAttribute('href'),
    ).toBe('/nl');
    expect(within(main).getByRole('link', { name: 'Neem contact op' }).getAttribute('href')).toBe(
      '/nl/contact-us/dubai',
    );
    unmount();
  });
});
