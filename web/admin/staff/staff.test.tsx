// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedStaffMember, Session } from '../api';
import { Staff } from './staff';
import { createQueryClient } from '../shell/query-client';
import { LangContext } from '../shell/lang';

afterEach(() => vi.unstubAllGlobals());

const member = (
  id: string,
  name: string,
  secondFactors: ListedStaffMember['secondFactors'],
): ListedStaffMember => ({
  id,
  email: `${id}@noorvale.example`,
  name,
  role: 'editor',
  languages: [],
  office: '',
  disabled: false,
  mayApprove: false,
  createdAt: '2026-11-01',
  secondFactors,
  passkeys: secondFactors.includes('passkey') ? 2 : 0,
  recoveryCodesLeft: secondFactors.length ? 7 : 0,
});

const amal = member('amal', 'Amal Nasser', ['passkey']);
const session: Session = {
  stage: 'full',
  staff: { ...amal, role: 'administrator' },
  permissions: ['staff'],
  factors: { passkeys: 1, totp: false, recoveryCodesLeft: 10 },
  fresh: true,
};

const invitations = [
  {
    id: 'a'.repeat(32),
    email: 'nadia@example.com',
    role: 'translator',
    languages: ['fr'],
    office: '',
    invitedBy: 'amal',
    createdAt: '2026-11-20T09:00:00Z',
    expiresAt: '2026-11-22T09:00:00Z',
  },
];

async function show(lang: 'en' | 'ar') {
  const staff = [amal, member('badr', 'Badr Saleh', ['totp']), member('dalia', 'Dalia Aziz', [])];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(
          JSON.stringify({
            isSuccess: true,
            data: String(url).includes('/staff/invitations')
              ? { invitations }
              : {
                  staff,
                  roles: ['editor', 'translator'],
                  offices: [],
                  languages: ['nl', 'fr', 'ar'],
                },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LangContext.Provider value={lang}>
          <Staff session={session} onSession={() => {}} />
        </LangContext.Provider>
      </QueryClientProvider>,
    );
  });
  await screen.findByRole('heading', { name: 'Dalia Aziz' });
}

describe('the staff list', () => {
  it('marks the accounts that have no second factor', async () => {
    await show('en');
    const badges = document.querySelectorAll('[data-no-second-factor]');
    expect(badges).toHaveLength(1);
    expect(badges[0]?.closest('[data-staff]')?.getAttribute('data-staff')).toBe(
      'dalia@noorvale.example',
    );
    expect(badges[0]?.textContent).toBe('No second factor');
  });

  it('offers a reset to accounts with a factor and a set-up link to the others, never to oneself', async () => {
    await show('en');
    const buttons = (email: string) =>
      [
        ...(document.querySelector(`[data-staff="${email}"]`)?.querySelectorAll('button') ?? []),
      ].map((b) => b.textContent);
    expect(buttons('badr@noorvale.example')).toContain('Reset second factor');
    expect(buttons('dalia@noorvale.example')).toContain('E-mail a set-up link');
    expect(buttons('amal@noorvale.example')).toEqual([]);
  });

  it("tells each member's factors: passkeys, the app and the recovery codes left", async () => {
    await show('en');
    const factors = (email: string) =>
      document.querySelector(`[data-staff="${email}"] [data-factors]`)?.textContent;
    expect(factors('amal@noorvale.example')).toContain('Passkeys: 2 · Recovery codes left: 7');
    expect(factors('badr@noorvale.example')).toContain(
      'authenticator app · Recovery codes left: 7',
    );
  });

  it('lists the pending invitations with who invited and the moves on each', async () => {
    await show('en');
    const row = await screen.findByText('nadia@example.com');
    const item = row.closest('[data-invitation]')!;
    expect(item.textContent).toContain('Translator (French)');
    expect(item.textContent).toContain('Invited by Amal Nasser');
    expect(screen.getByRole('button', { name: 'Send again: nadia@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke: nadia@example.com' })).toBeTruthy();
  });

  it('says it in Arabic', async () => {
    await show('ar');
    expect(screen.getByText('بلا عامل تحقق ثانٍ').closest('[data-staff]')).toBeTruthy();
  });
});

describe('the day an account joined', () => {
  it.each([
    ['en', 'Since 1 November 2026'],
    ['ar', 'منذ 1 نوفمبر 2026'],
  ] as const)('is written as the %s reader writes dates', async (lang, since) => {
    await show(lang);
    const amalCard = document.querySelector('[data-staff="amal@noorvale.example"]');
    expect(amalCard?.textContent).toContain(since);
    expect(amalCard?.textContent).not.toContain('2026-11-01');
  });
});
