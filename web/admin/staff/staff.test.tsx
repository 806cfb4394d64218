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
  createdAt: '2026-11-01',
  secondFactors,
});

const amal = member('amal', 'Amal Nasser', ['passkey']);
const session: Session = {
  stage: 'full',
  staff: { ...amal, role: 'administrator' },
  permissions: ['staff'],
  factors: { passkeys: 1, totp: false, recoveryCodesLeft: 10 },
  fresh: true,
};

async function show(lang: 'en' | 'ar') {
  const staff = [amal, member('badr', 'Badr Saleh', ['totp']), member('dalia', 'Dalia Aziz', [])];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            isSuccess: true,
            data: { staff, roles: ['editor'], offices: [], languages: ['en', 'ar'] },
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
