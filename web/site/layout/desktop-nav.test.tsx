// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { DesktopNav, menuContains } from './desktop-nav';

function setup(route = '/about-us', locale: 'en' | 'fr' = 'en') {
  renderInPage(<DesktopNav />, samplePageProps({ route, locale }));
  return screen.getByRole('navigation', { name: locale === 'en' ? 'Main' : 'Menu principal' });
}

const panelOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-controls')!)!;

describe('DesktopNav', () => {
  it('shows plain links and a disclosure button for each group', () => {
    const nav = setup();
    expect(within(nav).getByRole('link', { name: 'New Forms' }).getAttribute('href')).toBe(
      '/forms',
    );
    for (const name of [
      'About Us',
      'Services',
      'Compliance',
      'Resources',
      'Careers',
      'Contact Us',
    ]) {
      const button = within(nav).getByRole('button', { name });
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
    }
  });

  it('opens one panel at a time, with the landing overview and its pages', () => {
    const nav = setup();
    const services = within(nav).getByRole('button', { name: 'Services' });
    fireEvent.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    const panel = panelOf(services);
    expect(panel.hidden).toBe(false);
    const cyber = within(panel).getByRole('list', { name: 'Cybersecurity Services' });
    expect(within(cyber).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/services/cybersecurity-services',
    );
    expect(within(cyber).getByRole('link', { name: 'Risk Assessment' })).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Outsourcing Service' }).getAttribute('href'),
    ).toBe('/services/outsourcing-service');

    const compliance = within(nav).getByRole('button', { name: 'Compliance' });
    fireEvent.click(compliance);
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(compliance.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on Escape and gives focus back to the group button', () => {
    const nav = setup();
    const resources = within(nav).getByRole('button', { name: 'Resources' });
    fireEvent.click(resources);
    const news = within(panelOf(resources)).getByRole('link', { name: 'News' });
    news.focus();
    fireEvent.keyDown(news, { key: 'Escape' });
    expect(resources.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(resources);
  });

  it('closes when the pointer goes down outside it, and when a link is followed', () => {
    const nav = setup();
    const contact = within(nav).getByRole('button', { name: 'Contact Us' });
    fireEvent.click(contact);
    fireEvent.pointerDown(document.body);
    expect(contact.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(contact);
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(within(panelOf(contact)).getByRole('link', { name: 'Dubai' }));
    expect(contact.getAttribute('aria-expanded')).toBe('false');
  });

  it('localizes links and marks the current page', () => {
    const nav = setup('/resources/news', 'fr');
    const resources = within(nav).getByRole('button', { name: 'Ressources' });
    fireEvent.click(resources);
    const news = within(panelOf(resources)).getByRole('link', { name: 'Actualités' });
    expect(news.getAttribute('href')).toBe('/fr/resources/news');
    expect(news.getAttribute('aria-current')).toBe('page');
  });
});

describe('menuContains', () => {
  it('finds a route anywhere below an entry', () => {
    const item = {
      name: 'Services',
      translationKey: 'services',
      children: [
        {
          name: 'A',
          translationKey: 'a',
          children: [{ name: 'B', translationKey: 'b', route: '/b' }],
        },
      ],
    };
    expect(menuContains(item, '/b')).toBe(true);
    expect(menuContains(item, '/c')).toBe(false);
  });
});
