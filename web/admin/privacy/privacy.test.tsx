// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Held, Session } from '../api';
import { Privacy } from './privacy';
import { createQueryClient } from '../shell/query-client';
import { LangContext } from '../shell/lang';

afterEach(() => vi.unstubAllGlobals());

const session: Session = {
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
  permissions: ['erasure'],
  factors: { passkeys: 1, totp: false, recoveryCodesLeft: 10 },
  fresh: true,
};

const held: Held = {
  account: {
    createdAt: '2026-10-01T09:00:00Z',
    confirmed: true,
    sessions: 2,
    registrations: 0,
    picture: true,
  },
  submissions: [
    {
      id: 7,
      kind: 'application',
      target: 'security-consultant',
      createdAt: '2026-11-20T10:00:00Z',
      cv: true,
    },
    { id: 9, kind: 'proposal', target: '', createdAt: '2026-11-21T10:00:00Z', cv: false },
  ],
  mail: [
    { id: 3, kind: 'form-confirmation-proposal', createdAt: '2026-11-21T10:00:00Z', attempts: 0 },
  ],
};

const nothing: Held = { account: null, submissions: [], mail: [] };

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server that holds `held` about the address until it is erased. */
function server() {
  let erased = false;
  const calls: { method: string; url: string; body: string }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: String(init?.body ?? '') });
    if (method === 'POST') {
      erased = true;
      return answer(200, {
        isSuccess: true,
        message: 'Everything the site held about this address was erased.',
        data: {
          account: 1,
          sessions: 2,
          registrations: 0,
          submissions: 2,
          cvs: 1,
          mail: 1,
          outbox: 0,
        },
      });
    }
    if (/email=layla(&|$)/.test(url))
      return answer(400, {
        isSuccess: false,
        message: 'Please correct the marked fields.',
        errors: { email: 'Enter a valid e-mail address.' },
      });
    return answer(200, { isSuccess: true, data: erased ? nothing : held });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const show = (lang: 'en' | 'ar') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LangContext.Provider value={lang}>
        <Privacy session={session} onSession={() => {}} />
      </LangContext.Provider>
    </QueryClientProvider>,
  );

async function find(label: string, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  await act(async () => {
    fireEvent.submit(field.closest('form')!);
  });
}

describe('the personal data screen', () => {
  it('lists what is held, and erases it only once confirmed', async () => {
    const calls = server();
    show('en');
    await find('The person’s e-mail address', ' Layla.Haddad@Example.com ');
    expect(calls[0]?.url).toContain('/api/admin/erasure?email=Layla.Haddad%40Example.com');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Held about layla.haddad@example.com',
    );
    const submissions = screen.getByRole('list', { name: 'Submissions (2)' });
    expect(submissions.textContent).toContain('Job application · security-consultant');
    expect(submissions.textContent).toContain('CV stored');
    expect(
      screen.getByRole('list', { name: 'E-mail waiting to be sent (1)' }).textContent,
    ).toContain('Confirmation of a request for proposal');

    // The first button only asks; Cancel sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Erase everything' }));
    expect(document.activeElement?.textContent).toBe('Yes, erase everything');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Erase everything' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, erase everything' }));
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ email: 'layla.haddad@example.com' });
    expect(screen.getByRole('status').textContent).toContain(
      'Everything the site held about this address was erased.',
    );
    expect(screen.getByText('The site holds nothing about this address.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase everything' })).toBeNull();
  });

  it('asks for the second factor again before it lists anything', async () => {
    let proven = false;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.includes('/factor/code')) {
          proven = true;
          return answer(200, { isSuccess: true, data: session });
        }
        if (!proven)
          return answer(403, {
            isSuccess: false,
            message: 'This action needs your second factor again.',
            data: { stepUpRequired: true },
          });
        return answer(200, { isSuccess: true, data: held });
      }),
    );
    show('en');
    await find('The person’s e-mail address', 'layla.haddad@example.com');
    const panel = screen.getByRole('dialog', { name: 'Confirm it is you' });
    expect(screen.queryByRole('heading', { level: 2, name: /Held about/ })).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    });
    expect(calls.filter((c) => c.includes('/api/admin/erasure?email='))).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Held about layla.haddad@example.com',
    );
  });

  it('keeps the address left to right in Arabic, and shows a refusal on the field', async () => {
    server();
    show('ar');
    await find('البريد الإلكتروني للشخص', 'layla');
    const field = screen.getByLabelText('البريد الإلكتروني للشخص');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(document.activeElement).toBe(field);
    await find('البريد الإلكتروني للشخص', 'layla.haddad@example.com');
    const address = screen.getByRole('heading', { level: 2 }).querySelector('bdi');
    expect(address?.getAttribute('dir')).toBe('ltr');
    expect(address?.textContent).toBe('layla.haddad@example.com');
    expect(screen.getByRole('button', { name: 'محو كل شيء' })).toBeTruthy();
  });
});
