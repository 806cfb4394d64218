// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldSpec, FoundItem } from '../../api';
import { createQueryClient } from '../../shell/query-client';
import { LangContext } from '../../shell/lang';
import { Fields, type Json } from './index';

afterEach(() => vi.unstubAllGlobals());

const page = (slug: string, title: string, key: string, trail: [string, string][]): FoundItem => ({
  collection: 'pages',
  slug,
  title,
  key,
  trail: trail.map(([name]) => name),
  trailKeys: trail.map(([, k]) => k),
  languages: { en: 'published' },
  outdated: [],
  changedAt: null,
  changedBy: null,
  present: [],
});

const services: [string, string] = ['Services', 'services'];
const cyber: [string, string] = ['Cybersecurity Services', 'cybersecurityServices'];
const pages = [
  page('/about-us', 'About Us', 'aboutUs', []),
  page(
    '/services/cybersecurity-services/penetration-testing',
    'Penetration Testing',
    'penetrationTesting',
    [services, cyber],
  ),
  page('/services/cybersecurity-services/code-review', 'Code Review', 'codeReview', [
    services,
    cyber,
  ]),
  page('/services/cybersecurity-services/asv', 'ASV', 'asv', [services, cyber]),
];

function Form({
  spec,
  initial,
  onValue,
}: {
  spec: FieldSpec;
  initial: Json;
  onValue: (v: Json) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Fields
      fields={[spec]}
      prefix=""
      value={value}
      english={undefined}
      errors={{}}
      readOnly={false}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

async function show(lang: 'en' | 'ar', spec: FieldSpec, initial: Json) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            isSuccess: true,
            data: {
              items: pages,
              counts: {},
              collections: [],
              languages: ['en', 'ar'],
              authors: [],
              writable: ['en'],
            },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
  const values: Json[] = [];
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LangContext.Provider value={lang}>
          <Form spec={spec} initial={initial} onValue={(v) => values.push(v)} />
        </LangContext.Provider>
      </QueryClientProvider>,
    );
  });
  return values;
}

const related: FieldSpec = { name: 'related', kind: 'routes' };

describe('the page picker', () => {
  it('shows the chosen pages by their names, with their addresses small', async () => {
    await show('en', related, { related: ['/services/cybersecurity-services/asv'] });
    const chosen = document.querySelector('[data-chosen-pages]')!;
    expect(await within(chosen as HTMLElement).findByText('PCI ASV Scanning')).toBeTruthy();
    expect(chosen.textContent).toContain('/services/cybersecurity-services/asv');
    // No address is typed by hand any more.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('adds a page chosen with the keyboard, the list grouped by section and group', async () => {
    const values = await show('en', related, { related: ['/about-us'] });
    await screen.findByText('About Us');
    const box = screen.getByRole('combobox', { name: /Add a page to/ });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'review' } });
    const list = screen.getByRole('listbox');
    const groups = within(list).getAllByRole('group');
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent,
      ),
    ).toEqual(['Services / Cybersecurity Services']);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.getAttribute('data-route')),
    ).toEqual(['/services/cybersecurity-services/code-review']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option').id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(values.at(-1)).toEqual({
      related: ['/about-us', '/services/cybersecurity-services/code-review'],
    });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Added: Secure Code Review')).toBeTruthy();
  });

  it('does not offer a page already chosen, and Escape closes the list', async () => {
    await show('en', related, { related: ['/about-us'] });
    await screen.findByText('About Us');
    const box = screen.getByRole('combobox');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const routes = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('data-route'));
    expect(routes).not.toContain('/about-us');
    expect(routes).toHaveLength(3);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('reorders and removes the chosen pages', async () => {
    const values = await show('en', related, {
      related: ['/about-us', '/services/cybersecurity-services/asv'],
    });
    await screen.findByText('PCI ASV Scanning');
    fireEvent.click(screen.getByRole('button', { name: 'Move up: PCI ASV Scanning' }));
    expect(values.at(-1)).toEqual({
      related: ['/services/cybersecurity-services/asv', '/about-us'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove: About Us' }));
    expect(values.at(-1)).toEqual({ related: ['/services/cybersecurity-services/asv'] });
  });

  it('names the pages and their groups in Arabic for an Arabic reader', async () => {
    await show('ar', related, {
      related: ['/services/cybersecurity-services/penetration-testing'],
    });
    expect(await screen.findByText('اختبار الاختراق')).toBeTruthy();
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'مراجعة' } });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('data-route'))).toEqual([
      '/services/cybersecurity-services/code-review',
    ]);
    expect(screen.getByRole('listbox').textContent).toContain('الخدمات / خدمات الأمن السيبراني');
  });

  it('keeps a card text for each page of a landing page', async () => {
    const values = await show(
      'en',
      { name: 'cards', kind: 'routeTexts' },
      {
        cards: { '/services/cybersecurity-services/asv': 'Scans every quarter.' },
      },
    );
    const text = await screen.findByRole('textbox', {
      name: 'Text of the card for PCI ASV Scanning',
    });
    expect((text as HTMLTextAreaElement).value).toBe('Scans every quarter.');
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'penetration' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(values.at(-1)).toEqual({
      cards: {
        '/services/cybersecurity-services/asv': 'Scans every quarter.',
        '/services/cybersecurity-services/penetration-testing': '',
      },
    });
  });
});
