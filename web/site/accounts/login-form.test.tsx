// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { LoginForm } from './login-form';

/** Answers every API call as a server that is too busy to check a password (503). */
function busyServer(message: string, retryAfter: string) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ isSuccess: false, data: null, message }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/e-mail|البريد/i), { target: { value: email } });
  fireEvent.change(document.querySelector('input[autocomplete="current-password"]')!, {
    target: { value: password },
  });
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name: /log in|تسجيل الدخول/i }).closest('form')!);
  });
}

describe('the login form when the server is too busy (503)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the server’s message, keeps what was typed and waits out Retry-After before the next try', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const busy =
      'We are handling a great many requests at the moment. Please try again in a few seconds.';
    const fetch = busyServer(busy, '3');
    renderInPage(<LoginForm />, samplePageProps({ route: '/auth/login' }));
    await submit('amira@example.com', 'correct horse battery');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain(busy);
    expect((screen.getByLabelText(/e-mail/i) as HTMLInputElement).value).toBe('amira@example.com');
    const button = screen.getByRole('button', { name: 'Try again in 3 s' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Try again in 2 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Log in');
    expect(button.disabled).toBe(false);
  });

  it('counts down in the page’s language', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const busy = 'نتعامل حاليًا مع عدد كبير جدًا من الطلبات. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.';
    busyServer(busy, '5');
    renderInPage(<LoginForm />, samplePageProps({ route: '/auth/login', locale: 'ar' }));
    await submit('amira@example.com', 'correct horse battery');
    expect(screen.getByRole('status').textContent).toContain(busy);
    expect(screen.getByRole('button', { name: 'أعد المحاولة بعد 5 ث' })).toBeTruthy();
  });
});
