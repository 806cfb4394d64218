// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission, Session } from '../api';
import { createQueryClient } from './query-client';
import { createAdminRouter } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Amal, signed in with these permissions. */
const amal = (permissions: Permission[]): Session => ({
  stage: 'full',
  staff: {
    id: 'st-1',
    email: 'amal@noorvale.example',
    name: 'Amal Nasser',
    role: 'administrator',
    languages: [],
    office: '',
    disabled: false,
    mayApprove: false,
    createdAt: '2026-11-01T09:00:00Z',
  },
  permissions,
  factors: { passkeys: 1, totp: false, recoveryCodesLeft: 10 },
  fresh: true,
});

/** The back-office opened at `path`, the server answering every request with `session`. */
async function open(path: string, session: Session | null, lang = 'en') {
  localStorage.setItem('admin-language', lang);
  // The router puts the page's scroll back as the history moves; jsdom lays nothing out.
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ isSuccess: Boolean(session), data: session }), {
          status: session ? 200 : 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  const router = createAdminRouter(createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Back-office sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the table of screens', () => {
  it('shows in the navigation only the sections the staff member may open', async () => {
    await open('/admin', amal(['staff', 'audit']));
    await screen.findByRole('heading', { name: 'Welcome, Amal Nasser' });
    expect(navLinks()).toEqual([
      'Home',
      'Staff',
      'Review rules',
      'Audit trail',
      'Sign-in and security',
    ]);
    expect(document.title).toBe('Home · Back-office · Noorvale Assurance');
  });

  it('answers a section the staff member may not open with the forbidden message, titled as the section', async () => {
    await open('/admin/visitors', amal(['staff']));
    await screen.findByRole('heading', { name: 'Not for your role' });
    expect(document.title).toBe('Visitor accounts · Back-office · Noorvale Assurance');
  });

  it('says an unknown address does not exist, in Arabic too', async () => {
    await open('/admin/nowhere', amal([]), 'ar');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(document.title.startsWith(`${heading.textContent} · `)).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('signs in first, whatever the address', async () => {
    await open('/admin/staff', null);
    await screen.findByRole('heading', { name: 'Sign in to the back-office' });
    expect(screen.queryByRole('navigation', { name: 'Back-office sections' })).toBeNull();
  });
});
