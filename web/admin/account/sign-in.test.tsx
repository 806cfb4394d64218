// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignIn } from './sign-in';
import { LangContext } from '../shell/lang';

afterEach(() => vi.unstubAllGlobals());

const signIn = (lang: 'en' | 'ar') =>
  render(
    <LangContext.Provider value={lang}>
      <SignIn onSession={() => {}} />
    </LangContext.Provider>,
  );

describe('signing in to the back-office', () => {
  it('names what is wrong under each field, in Arabic too, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    signIn('ar');
    const email = screen.getByLabelText('البريد الإلكتروني');
    fireEvent.change(email, { target: { value: 'amal@noorvale' } });
    await act(async () => {
      fireEvent.submit(email.closest('form')!);
    });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'أدخل عنوان بريد إلكتروني مثل \u2066name@noorvale.example\u2069.',
    );
    const password = screen.getByLabelText('كلمة المرور');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'هذا الحقل مطلوب.',
    );
    expect(document.activeElement).toBe(email);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal as the form’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              data: null,
              message: 'The e-mail address or password is not right, or the account is disabled.',
              errors: {},
            }),
            { status: 401, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    signIn('en');
    fireEvent.change(screen.getByLabelText('E-mail address'), {
      target: { value: 'amal@noorvale.example' },
    });
    fireEvent.change(screen.getByLabelText('Password'), {
      target: { value: 'not the password' },
    });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Password').closest('form')!);
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'The e-mail address or password is not right, or the account is disabled.',
    );
  });
});
