// @vitest-environment jsdom
import { blockTexts } from '../../shared/prose/prose';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { SectionsContent } from '../content/content';
import { resourcesFor } from '../entry-server';
import { serviceGroups } from '../forms/proposal-form';
import { createI18n } from '../../shared/i18n/i18n';
import { PageContext } from './page-context';
import type { Locale, PageProps } from './page-props';
import { proposalRoute } from '../routing/routes';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { sampleNav, samplePageProps } from '../testing/sample-props';
import { TranslationProvider } from '../../shared/i18n/translation';
import FormsPage from './forms-page';

// The chosen tab is remembered for the page's life; each test starts on the first one.
afterEach(() => {
  window.history.replaceState(null, '', '/forms#proposal');
});

function serverHtml(props: PageProps): string {
  const i18n = createI18n(props.locale, resourcesFor(props.locale, props.page.kind));
  return renderToString(
    <TranslationProvider i18n={i18n}>
      <PageContext value={props}>
        <FormsPage />
      </PageContext>
    </TranslationProvider>,
  );
}

describe('FormsPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows the summary, both forms as tabs and every section, in ${locale}`, () => {
      const props = samplePageProps({ route: '/forms', locale });
      const content = props.page.content as SectionsContent;
      const { container } = renderInPage(<FormsPage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.summary);
      for (const section of content.sections) {
        if (section.heading) expect(screen.getByRole('heading', { name: section.heading }));
        for (const paragraph of blockTexts(section.paragraphs))
          expect(container.textContent).toContain(paragraph);
      }
      const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false']);
      expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1]);
      expect(document.getElementById('proposal')!.hidden).toBe(false);
      expect(document.getElementById('inquiry')!.hidden).toBe(true);
      expect(document.getElementById('inquiry')!.getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    });
  }

  it('renders both forms, readable, and no tabs on the server', () => {
    const html = serverHtml(samplePageProps({ route: '/forms' }));
    expect(html).not.toContain('role="tablist"');
    expect(html).not.toMatch(/\shidden=""/);
    expect(html).toContain('id="proposal"');
    expect(html).toContain('id="inquiry"');
    expect(html).toContain('href="#inquiry"');
    expect(html).toContain('Request a proposal');
    expect(html).toContain('Send a general enquiry');
  });

  it('moves between tabs with the arrow keys and writes the hash', () => {
    renderInPage(<FormsPage />, samplePageProps({ route: '/forms' }));
    const [proposal, inquiry] = screen.getAllByRole('tab');
    proposal!.focus();
    fireEvent.keyDown(proposal!, { key: 'ArrowRight' });
    expect(inquiry!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(inquiry);
    expect(window.location.hash).toBe('#inquiry');
    expect(document.getElementById('proposal')!.hidden).toBe(true);
    fireEvent.keyDown(inquiry!, { key: 'Home' });
    expect(document.activeElement).toBe(proposal);
    fireEvent.keyDown(proposal!, { key: 'End' });
    expect(document.activeElement).toBe(inquiry);
  });

  it('mirrors the arrow keys in Arabic', () => {
    renderInPage(<FormsPage />, samplePageProps({ route: '/forms', locale: 'ar' }));
    const [proposal, inquiry] = screen.getAllByRole('tab');
    fireEvent.keyDown(proposal!, { key: 'ArrowLeft' });
    expect(inquiry!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(inquiry!, { key: 'ArrowRight' });
    expect(proposal!.getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab the hash names', () => {
    window.history.replaceState(null, '', '/forms#inquiry');
    renderInPage(<FormsPage />, samplePageProps({ route: '/forms' }));
    expect(screen.getByRole('tab', { name: 'General enquiry' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(document.getElementById('proposal')!.hidden).toBe(true);
  });

  it('ticks the service a link names, and opens its group', async () => {
    const route = '/compliance/iso-standards/iso-27001';
    window.history.replaceState(null, '', proposalRoute(route));
    renderInPage(<FormsPage />, samplePageProps({ route: '/forms' }));
    await act(async () => {});
    const box = screen.getByRole('checkbox', { name: 'ISO/IEC 27001' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.closest('details')!.open).toBe(true);
    expect(screen.getByText('Services chosen: 1')).toBeTruthy();
  });

  it('marks the chooser’s first box when no service is chosen', async () => {
    renderInPage(<FormsPage />, samplePageProps({ route: '/forms' }));
    const form = document.querySelector<HTMLFormElement>('#proposal form')!;
    await act(async () => {
      fireEvent.submit(form);
    });
    const first = form.querySelector('input[name="services"]')!;
    expect(first.getAttribute('data-invalid')).toBe('true');
    expect(form.textContent).toContain('Choose at least one service or standard.');
    expect(document.activeElement?.getAttribute('name')).toBe('name');
  });
});

describe('serviceGroups', () => {
  const label = (item: { name: string }) => item.name;
  const groups = serviceGroups(sampleNav, label, { general: 'General', other: 'Other' });

  it('makes a group of each family, its own page last, and one of the loose pages', () => {
    expect(groups.map((group) => group.label)).toEqual([
      'Cybersecurity Services',
      'Compliance and Audit Services',
      'Business Continuity and Recovery',
      'ISO Standards',
      'PCI Standards',
      'SOC Reports',
      'Other',
    ]);
    const cyber = groups[0]!;
    expect(cyber.choices.at(-1)).toEqual({
      route: '/services/cybersecurity-services',
      label: 'General',
    });
    expect(groups.at(-1)!.choices.map((choice) => choice.route)).toEqual([
      '/services/outsourcing-service',
      '/compliance/csa-star-level-1-and-2',
    ]);
  });

  it('offers only services, standards and their families', () => {
    const routes = groups.flatMap((group) => group.choices.map((choice) => choice.route));
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.every((route) => /^\/(services|compliance)\//.test(route))).toBe(true);
    expect(routes).toHaveLength(47);
  });
});
