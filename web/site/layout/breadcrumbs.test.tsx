// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { Breadcrumbs } from './breadcrumbs';

describe('Breadcrumbs', () => {
  it('links each step in the page language and marks the last as the current page', () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/risk-assessment',
      locale: 'nl',
    });
    renderInPage(<Breadcrumbs items={props.page.breadcrumbs} />, props);
    const nav = screen.getByRole('navigation', { name: 'Kruimelpad' });
    const items = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Home', 'Diensten', 'Cybersecuritydiensten', 'Risicobeoordeling']);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/nl');
    expect(within(nav).queryByRole('link', { name: 'Diensten' })).toBeNull();
    expect(
      within(nav).getByRole('link', { name: 'Cybersecuritydiensten' }).getAttribute('href'),
    ).toBe('/nl/services/cybersecurity-services');
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Risicobeoordeling');
  });

  it('names a step without a translation key by its name', () => {
    const props = samplePageProps({ route: '/resources/news', locale: 'ar' });
    const crumbs = [
      ...props.page.breadcrumbs,
      { translationKey: '', name: 'Our Cairo office moves to New Cairo' },
    ];
    renderInPage(<Breadcrumbs items={crumbs} />, props);
    const nav = screen.getByRole('navigation', { name: 'مسار التنقل' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe(
      'Our Cairo office moves to New Cairo',
    );
    expect(within(nav).getByRole('link', { name: 'الأخبار' }).getAttribute('href')).toBe(
      '/ar/resources/news',
    );
  });
});
