// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import AuthPage from './auth-page';

afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('labels every field and gives each the right autocomplete', () => {
    renderInPage(<AuthPage />, samplePageProps({ route: '/auth/login' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
    expect(screen.getByLabelText(/E-mail address/).getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe(
      'current-password',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/register',
    );
    // The captcha appears only when the server asks for it.
    expect(screen.queryByRole('group', { name: 'Security check' })).toBeNull();
  });

  it('says nothing while the first characters are typed, and checks the field once left', () => {
    renderInPage(<AuthPage />, samplePageProps({ route: '/auth/login' }));
    const email = screen.getByLabelText(/E-mail address/);
    fireEvent.change(email, { target: { value: 'a' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(email.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('Enter an e-mail address such as name@example.com.');
    fireEvent.change(email, { target: { value: 'amira@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows every problem on submit and focuses the first field at fault', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderInPage(<AuthPage />, samplePageProps({ route: '/auth/login', locale: 'ar' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    });
    expect(fetch).not.toHaveBeenCalled();
    const email = screen.getByLabelText(/البريد الإلكتروني/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getAllByRole('status')[0]!.textContent).toContain('يُرجى تصحيح الحقول');
  });

  it('shows the server’s message on the form when the password is wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              isSuccess: false,
              data: null,
              message: 'The e-mail address or password is incorrect.',
            }),
            { status: 401 },
          ),
      ),
    );
    renderInPage(<AuthPage />, samplePageProps({ route: '/auth/login' }));
    fireEvent.change(screen.getByLabelText(/E-mail address/), {
      target: { value: 'amira@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong password' } });
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form')!;
    await act(async () => {
      fireEvent.submit(form);
    });
    const status = screen.getAllByRole('status')[0]!;
    expect(status.textContent).toContain('The e-mail address or password is incorrect.');
    expect(document.activeElement).toBe(status);
    expect(form.getAttribute('aria-busy')).toBeNull();
  });
});

describe('register page', () => {
  it('asks for names, e-mail, phone and a new password, with terms and privacy links', () => {
    renderInPage(<AuthPage />, samplePageProps({ route: '/auth/register', locale: 'nl' }));
    const autocomplete = (label: RegExp) =>
      screen.getByLabelText(label).getAttribute('autocomplete');
    expect(autocomplete(/Voornaam/)).toBe('given-name');
    expect(autocomplete(/Achternaam/)).toBe('family-name');
    expect(autocomplete(/Telefoonnummer/)).toBe('tel');
    expect(autocomplete(/^Wachtwoord/)).toBe('new-password');
    expect(screen.getByRole('link', { name: 'gebruiksvoorwaarden' }).getAttribute('href')).toBe(
      '/nl/terms',
    );
    expect(screen.getByRole('link', { name: 'privacybeleid' }).getAttribute('href')).toBe(
      '/nl/policy',
    );
    expect(screen.getByRole('group', { name: 'Beveiligingscontrole' })).toBeTruthy();
  });
});

describe('verify-code page', () => {
  it('takes a six-digit one-time code', () => {
    renderInPage(<AuthPage />, samplePageProps({ route: '/auth/verify-code' }));
    const code = screen.getByLabelText(/6-digit code/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
  });
});
